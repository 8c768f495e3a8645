import type { RouteDef } from '../route-def.js';
import { ZOrderIdParams, ZQrCode } from '../schemas/shipment.js';
import { items } from '../table-access.js';

/** A fresh USPS QR code for an order's label, from the back office. */
export const adminRegenerateQrCode = {
  method: 'POST',
  path: '/api/admin/orders/{orderId}/label/qr-code',
  auth: 'admin',
  handler: 'labels/handlers/admin-regenerate-qr-code',
  request: { params: ZOrderIdParams },
  response: ZQrCode,
  capabilities: [items(['Query', 'UpdateItem'], 'order'), 'secret:read'],
} as const satisfies RouteDef;
