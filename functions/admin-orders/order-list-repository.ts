import { TABLE_INDEXES } from '../../shared/runtime-env.js';
import { readIndexSince } from '../lib/change-cache.js';
import { ORDER_LIST_ATTRIBUTES, type OrderListItem, order } from '../lib/entities.js';

/**
 * Orders from the orderList index (only the list's columns), oldest change first: all of them, or those whose
 * last change sorts after `since` (an ISO instant).
 */
export const readOrderListSince = (since: string | null) =>
  readIndexSince<OrderListItem>({
    index: TABLE_INDEXES.orderList,
    partition: order.listPartition,
    since,
    attributes: ORDER_LIST_ATTRIBUTES,
  });
