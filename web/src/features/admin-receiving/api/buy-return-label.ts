import { adminBuyReturnLabel } from '@shared/routes/admin-buy-return-label';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useReceivingCache } from './receiving-cache';

/** 'Buy Return Label' for the items the seller asked back. Never retried: a second label is a second charge. */
export function useBuyReturnLabel(orderId: string) {
  const apply = useReceivingCache();
  return useMutation({
    mutationFn: () => apiRequest(adminBuyReturnLabel, { params: { orderId } }),
    onSuccess: apply,
  });
}
