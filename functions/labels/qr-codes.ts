import { QR_LIMIT_PER_IP, QR_LIMIT_PER_ORDER, QR_WINDOW_MINUTES } from '../../shared/constants.js';
import { labelMessages } from '../../shared/messages.js';
import type { QrCode } from '../../shared/schemas/shipment.js';
import { AppError } from '../lib/errors.js';
import { errorDetails, log } from '../lib/log.js';
import { scopeOf, takeSlots } from '../lib/rate-limit.js';
import { easypostClient } from './easypost.js';
import type { OrderShipment } from './label-access.js';
import { makeQrCode } from './label-purchase.js';
import { recordQrCode } from './shipment-repository.js';
import { apiKeyForLabel } from './shipping-config.js';

/**
 * A new USPS QR code form for the purchased label (the QR page asks when the image will not load); the
 * shipment and the order keep the newest one. Each one calls the carrier, so each a seller asks for counts
 * against the client's and the order's QR limits (429 beyond).
 */
export async function regenerateQrCode(
  { shipment }: OrderShipment,
  now: Date,
  /** The seller's IP; staff (the back office) are not limited. */
  ip?: string,
): Promise<QrCode> {
  if (!shipment) throw new AppError('not_found', labelMessages.shipmentNotFound);
  if (shipment.label_state !== 'purchased' || !shipment.easypost_shipment_id) {
    throw new AppError('not_found', labelMessages.noLabelForShipment);
  }
  if (ip !== undefined)
    await takeSlots(
      [
        {
          scope: scopeOf('qr', 'order', shipment.order_id),
          max: QR_LIMIT_PER_ORDER,
          windowMinutes: QR_WINDOW_MINUTES,
        },
        { scope: scopeOf('qr', 'ip', ip), max: QR_LIMIT_PER_IP, windowMinutes: QR_WINDOW_MINUTES },
      ],
      now,
      labelMessages.tooManyQrCodes,
    );
  const isTestMode = shipment.is_test_mode ?? true;
  let qr: { qrCodeUrl: string; labelBrokerId: string | null };
  try {
    qr = await makeQrCode(easypostClient(await apiKeyForLabel(isTestMode)), shipment.easypost_shipment_id);
  } catch (error) {
    log('error', 'QR code not regenerated', { orderId: shipment.order_id, ...errorDetails(error) });
    throw new AppError('unavailable', labelMessages.qrRegenerateFailed);
  }
  await recordQrCode(shipment.order_id, shipment.generation, qr, now);
  return { ...qr, orderReference: shipment.reference, isTestMode };
}
