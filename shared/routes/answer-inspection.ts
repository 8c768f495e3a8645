import type { RouteDef } from '../route-def.js';
import { ZInspectionAnswerRequest, ZInspectionView } from '../schemas/inspection.js';
import { items } from '../table-access.js';

/**
 * The seller's answer to an inspection with something reduced or rejected, with the order's secret link token:
 * accept the amount due, or ask for the returnable items back. Within the window only; limited per client.
 */
export const answerInspection = {
  method: 'POST',
  path: '/api/orders/inspection-answer',
  auth: 'public',
  handler: 'orders/handlers/answer-inspection',
  request: { body: ZInspectionAnswerRequest },
  response: ZInspectionView,
  capabilities: [
    items(['GetItem'], 'orderToken'),
    items(['GetItem', 'UpdateItem'], 'order'),
    items(['PutItem'], 'payouts'),
    items(['BatchGetItem', 'UpdateItem'], 'rateLimit'),
  ],
} as const satisfies RouteDef;
