import type { RouteDef } from '../route-def.js';
import { ZLabelTokenBody, ZOrderIdParams, ZQrCode } from '../schemas/shipment.js';
import { items } from '../table-access.js';

/** A fresh USPS QR code for the purchased label, when the QR page cannot load the image. */
export const regenerateQrCode = {
  method: 'POST',
  path: '/api/orders/{orderId}/label/qr-code',
  auth: 'public',
  handler: 'labels/handlers/regenerate-qr-code',
  request: { params: ZOrderIdParams, body: ZLabelTokenBody },
  response: ZQrCode,
  capabilities: [
    items(['GetItem'], 'orderToken'),
    items(['Query', 'UpdateItem'], 'order'),
    items(['UpdateItem'], 'rateLimit'),
    'secret:read',
  ],
} as const satisfies RouteDef;
