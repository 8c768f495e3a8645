import { adminRevealPayoutDetails } from '@shared/routes/admin-reveal-payout-details';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useOrderDetailCache } from './order-cache';

export const revealPayoutDetails = (orderId: string) =>
  apiRequest(adminRevealPayoutDetails, { params: { orderId } });

/**
 * The payout details in full. They are kept only in this mutation's result (the page's memory), never in the
 * order's cache; the order the answer carries (its activity log now naming the reveal) replaces the cached one.
 */
export const useRevealPayoutDetails = (orderId: string) => {
  const cache = useOrderDetailCache(orderId);
  return useMutation({
    mutationFn: () => revealPayoutDetails(orderId),
    onMutate: cache.holdReads,
    onSuccess: (answer) => cache.apply(answer.order),
  });
};
