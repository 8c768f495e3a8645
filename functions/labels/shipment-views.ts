import type { ShipmentView } from '../../shared/schemas/shipment.js';
import type { OrderItem, ShipmentItem } from '../lib/entities.js';
import { referenceFor } from './shipment-repository.js';

/** What the seller and staff see of an order's label; `none` before the first request. */
export function toShipmentView(order: OrderItem, shipment: ShipmentItem | null): ShipmentView {
  return {
    orderId: order.order_id,
    state: shipment?.label_state ?? 'none',
    orderReference: shipment?.reference ?? referenceFor(order.order_id, 1),
    isTestMode: shipment?.is_test_mode ?? false,
    labelUrl: shipment?.label_url ?? null,
    trackingNumber: shipment?.tracking_number ?? null,
    qrCodeUrl: shipment?.qr_code_url ?? null,
    labelBrokerId: shipment?.label_broker_id ?? null,
    errorMessage: shipment?.label_state === 'failed' ? (shipment.error_message ?? null) : null,
    configureSettings: shipment?.label_state === 'failed' && shipment.configure_settings === true,
    trackingStatus: shipment?.tracking_status ?? null,
    purchasedAt: shipment?.purchased_at ?? null,
    labelExpiresAt: shipment?.label_expires_at ?? null,
    updatedAt: shipment?.updated_at ?? null,
    timeline: order.shipping_timeline ?? [],
  };
}
