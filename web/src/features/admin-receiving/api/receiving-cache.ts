import type { ReceivingOrder } from '@shared/schemas/receiving';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  adminOrderKey,
  adminOrdersKey,
  adminPayoutsKey,
  receivedOrderKey,
  receivedTodayKey,
  receivingKey,
} from './query-keys';

/**
 * What every change to a received order does with the server's answer: it becomes the cached order of the
 * inspection form and of any code that found it, and the views it may have changed (today's boxes, the order
 * detail, the orders list, payouts) are read again when next shown.
 */
export function useReceivingCache() {
  const queryClient = useQueryClient();
  return useCallback(
    (order: ReceivingOrder) => {
      queryClient.setQueryData(receivedOrderKey(order.orderId), order);
      queryClient.setQueriesData<ReceivingOrder>({ queryKey: [...receivingKey, 'find'] }, (current) =>
        current?.orderId === order.orderId ? order : current,
      );
      void queryClient.invalidateQueries({ queryKey: receivedTodayKey });
      void queryClient.invalidateQueries({ queryKey: adminOrderKey(order.orderId) });
      void queryClient.invalidateQueries({ queryKey: adminOrdersKey });
      void queryClient.invalidateQueries({ queryKey: adminPayoutsKey });
    },
    [queryClient],
  );
}
