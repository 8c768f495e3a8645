import { adminAddOrderNote } from '@shared/routes/admin-add-order-note';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useOrderDetailCache } from './order-cache';

export const addOrderNote = (orderId: string, content: string) =>
  apiRequest(adminAddOrderNote, { params: { orderId }, body: { content } });

export const useAddOrderNote = (orderId: string) => {
  const cache = useOrderDetailCache(orderId);
  return useMutation({
    mutationFn: (content: string) => addOrderNote(orderId, content),
    onMutate: cache.holdReads,
    onSuccess: cache.apply,
  });
};
