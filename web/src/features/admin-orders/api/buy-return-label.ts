import { adminBuyReturnLabel } from '@shared/routes/admin-buy-return-label';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminOrderKey } from './query-keys';

/**
 * 'Buy Return Label' from the order detail, for the items the seller asked back. Never retried: a second label
 * is a second charge. The answer is the receiving view of the order, so the detail is read again.
 */
export function useBuyReturnLabel(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(adminBuyReturnLabel, { params: { orderId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKey(orderId) }),
  });
}
