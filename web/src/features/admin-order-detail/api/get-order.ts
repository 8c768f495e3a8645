import type { AdminOrderDetail } from '@shared/schemas/admin-orders';
import { ORDER_ID_PATTERN } from '@shared/schemas/shipment';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { adminOrderKey } from './query-keys';

export const getAdminOrder = (orderId: string, signal?: AbortSignal): Promise<AdminOrderDetail> =>
  apiRequest('adminGetOrder', { params: { orderId }, signal });

export const isValidOrderId = (orderId: string): boolean => ORDER_ID_PATTERN.test(orderId);

const MAX_RETRIES = 2;

/** One order with everything the detail page shows. A 4xx (unknown order) is the answer: no retry. */
export const useAdminOrder = (orderId: string) =>
  useQuery({
    queryKey: adminOrderKey(orderId),
    queryFn: ({ signal }) => getAdminOrder(orderId, signal),
    enabled: isValidOrderId(orderId),
    retry: (failures, error) =>
      !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < MAX_RETRIES,
  });
