import type { AdminOrderDetail } from '@shared/schemas/admin-orders';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { adminDashboardKey, adminOrderKey, adminOrdersKey } from './query-keys';

/**
 * What every change to an order does with the server's answer: it becomes the cached order at once (unless
 * the cache already holds a newer version, e.g. from a second change that answered first), and the list and
 * overview, whose counts and rows it may have changed, are read again when next shown.
 */
export function useOrderDetailCache(orderId: string) {
  const queryClient = useQueryClient();

  /** Call before a change: a read still under way must not land after the change's answer and undo it. */
  const holdReads = useCallback(
    () => queryClient.cancelQueries({ queryKey: adminOrderKey(orderId), exact: true }),
    [queryClient, orderId],
  );

  const apply = useCallback(
    (detail: AdminOrderDetail) => {
      queryClient.setQueryData<AdminOrderDetail>(adminOrderKey(orderId), (current) =>
        current && current.updatedAt > detail.updatedAt ? current : detail,
      );
      void queryClient.invalidateQueries({ queryKey: adminOrdersKey });
      void queryClient.invalidateQueries({ queryKey: adminDashboardKey });
    },
    [queryClient, orderId],
  );

  return { holdReads, apply };
}
