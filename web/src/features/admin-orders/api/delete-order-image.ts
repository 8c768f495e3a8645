import { adminDeleteOrderImage } from '@shared/routes/admin-delete-order-image';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useOrderDetailCache } from './order-cache';

export const deleteOrderImage = (orderId: string, imageId: string) =>
  apiRequest(adminDeleteOrderImage, { params: { orderId, imageId } });

export const useDeleteOrderImage = (orderId: string) => {
  const cache = useOrderDetailCache(orderId);
  return useMutation({
    mutationFn: (imageId: string) => deleteOrderImage(orderId, imageId),
    onMutate: cache.holdReads,
    onSuccess: cache.apply,
  });
};
