import type { RouteDef } from '../route-def.js';
import { ZReceivingFindQuery, ZReceivingOrder } from '../schemas/receiving.js';
import { items } from '../table-access.js';

/**
 * The packing table's lookup: a carrier tracking number (typed, or typed by a barcode scanner) found through its
 * pointer item, or an order number. Never a scan of the table.
 */
export const adminFindReceivedOrder = {
  method: 'GET',
  path: '/api/admin/receiving/find',
  auth: 'admin',
  handler: 'admin-receiving/handlers/admin-find-received-order',
  request: { query: ZReceivingFindQuery },
  response: ZReceivingOrder,
  capabilities: [items(['BatchGetItem'], 'tracking', 'order'), items(['GetItem'], 'order')],
} as const satisfies RouteDef;
