import { adminSetOrderStatus } from '@shared/routes/admin-set-order-status';
import type { OrderStatus } from '@shared/schemas/admin-orders';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useOrderDetailCache } from './order-cache';

export const setOrderStatus = (orderId: string, status: OrderStatus) =>
  apiRequest(adminSetOrderStatus, { params: { orderId }, body: { status } });

/** Saves a status at once; the answer carries the order and, for a completion, what became of the e-mail. */
export const useSetOrderStatus = (orderId: string) => {
  const cache = useOrderDetailCache(orderId);
  return useMutation({
    mutationFn: (status: OrderStatus) => setOrderStatus(orderId, status),
    onMutate: cache.holdReads,
    onSuccess: (result) => cache.apply(result.order),
  });
};
