import { adminSetOrderStatus } from '@shared/routes/admin-set-order-status';
import type { OrderStatus } from '@shared/schemas/admin-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminDashboardQueryKey, adminOrdersQueryKey } from './list-orders';
import { useOrderDetailCache } from './order-cache';

export const setOrderStatus = (orderId: string, status: OrderStatus) =>
  apiRequest(adminSetOrderStatus, { params: { orderId }, body: { status } });

/** From the orders list: saves one order's status at once; afterwards the lists and the overview refetch. */
export function useSetListedOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, status }: { orderId: string; status: OrderStatus }) =>
      setOrderStatus(orderId, status),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminDashboardQueryKey }),
      ]),
  });
}

/**
 * From the order's detail: saves a status at once; the answer carries the order and, for a completion, what
 * became of the e-mail.
 */
export const useSetOrderStatus = (orderId: string) => {
  const cache = useOrderDetailCache(orderId);
  return useMutation({
    mutationFn: (status: OrderStatus) => setOrderStatus(orderId, status),
    onMutate: cache.holdReads,
    onSuccess: (result) => cache.apply(result.order),
  });
};
