import { adminSetOrderStatus } from '@shared/routes/admin-set-order-status';
import type { OrderStatus } from '@shared/schemas/admin-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminDashboardQueryKey, adminOrdersQueryKey } from './list-orders';

/** Saves one order's status at once; afterwards the lists, the order's detail and the overview refetch. */
export function useSetOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, status }: { orderId: string; status: OrderStatus }) =>
      apiRequest(adminSetOrderStatus, { params: { orderId }, body: { status } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminDashboardQueryKey }),
      ]),
  });
}
