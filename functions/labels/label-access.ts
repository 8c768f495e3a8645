import { orderMessages } from '../../shared/messages.js';
import type { OrderItem, ShipmentItem } from '../lib/entities.js';
import { AppError } from '../lib/errors.js';
import { assertLinkLive, orderIdForToken } from '../lib/order-access.js';
import { getOrderWithShipment } from './shipment-repository.js';

export interface OrderShipment {
  order: OrderItem;
  shipment: ShipmentItem | null;
}

/** The seller's way in: the secret link token must open this very order, within its 45 days. */
export async function loadForSeller(orderId: string, token: string, now: Date): Promise<OrderShipment> {
  const owner = await orderIdForToken(token);
  if (owner !== orderId) throw new AppError('not_found', orderMessages.notFound);
  const { order, shipment } = await getOrderWithShipment(orderId);
  assertLinkLive(order, now);
  return { order, shipment };
}

/** Staff's way in (the route is admin-only): any existing order. */
export async function loadForAdmin(orderId: string): Promise<OrderShipment> {
  const { order, shipment } = await getOrderWithShipment(orderId);
  if (!order) throw new AppError('not_found', orderMessages.notFound);
  return { order, shipment };
}
