import { adminPayOrder } from '@shared/routes/admin-pay-order';
import type { PayOrderRequest } from '@shared/schemas/receiving';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminDashboardKey, adminOrderKey, adminOrdersKey, adminPayoutsKey } from './query-keys';

/**
 * 'Pay and Complete': the payment of the amount due, conditional on the inspection version the row showed. Never
 * retried: a payment logged twice is money counted twice. The answer is the order, now completed.
 */
export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: PayOrderRequest }) =>
      apiRequest(adminPayOrder, { params: { orderId }, body }),
    onSuccess: (order) => {
      queryClient.setQueryData(adminOrderKey(order.orderId), order);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminPayoutsKey });
      void queryClient.invalidateQueries({ queryKey: adminOrdersKey });
      void queryClient.invalidateQueries({ queryKey: adminDashboardKey });
    },
  });
}
