import { adminRevealPayoutDetails } from '@shared/routes/admin-reveal-payout-details';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminOrderKey } from './query-keys';

/**
 * The seller's payout details in full, through the order detail's reveal route: the server writes each reveal to
 * the order's activity log. The values live only in this mutation's result, never in a cache; the order it
 * answers (its log naming the reveal) replaces the cached one.
 */
export function useRevealPayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => apiRequest(adminRevealPayoutDetails, { params: { orderId } }),
    onSuccess: (answer) => queryClient.setQueryData(adminOrderKey(answer.order.orderId), answer.order),
  });
}
