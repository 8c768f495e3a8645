import { adminGetOrder } from '@shared/routes/admin-get-order';
import type { AdminOrderDetail } from '@shared/schemas/admin-orders';
import { ORDER_ID_PATTERN } from '@shared/schemas/shipment';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminOrderKey } from './query-keys';

export const getAdminOrder = (orderId: string, signal?: AbortSignal): Promise<AdminOrderDetail> =>
  apiRequest(adminGetOrder, { params: { orderId }, signal });

export const isValidOrderId = (orderId: string): boolean => ORDER_ID_PATTERN.test(orderId);

/** An order e-mail is queued: the worker reports sent or failed within seconds; look again until it has. */
const EMAIL_STATUS_POLL_MS = 3000;
const EMAIL_STATUS_POLL_FOR_MS = 2 * 60 * 1000;

const awaitingEmail = (order: AdminOrderDetail | undefined): boolean =>
  order?.emailDeliveryStatus === 'queued' &&
  Boolean(order.emailStatusUpdatedAt) &&
  Date.now() - Date.parse(order.emailStatusUpdatedAt ?? '') < EMAIL_STATUS_POLL_FOR_MS;

/**
 * One order with everything the detail page shows, read again while an e-mail it sent is still queued. A 4xx
 * (unknown order) is the answer: no retry.
 */
export const useAdminOrder = (orderId: string) =>
  useQuery({
    queryKey: adminOrderKey(orderId),
    queryFn: ({ signal }) => getAdminOrder(orderId, signal),
    enabled: isValidOrderId(orderId),
    refetchInterval: (query) => (awaitingEmail(query.state.data) ? EMAIL_STATUS_POLL_MS : false),
  });
