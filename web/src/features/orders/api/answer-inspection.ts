import { answerInspection } from '@shared/routes/answer-inspection';
import type { InspectionAnswerRequest, InspectionView, OrderLinkView } from '@shared/schemas/inspection';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { orderByTokenQueryKey } from './get-order-by-token';

/**
 * The seller's answer to the inspection, with the secret link's token: accept the amount due, or ask for the
 * items that were not accepted back. The answer is the inspection as it now stands, which replaces the one the
 * page shows. Never retried (mutations are not): each attempt counts toward the route's limit.
 */
export function useAnswerInspection(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: InspectionAnswerRequest['answer']): Promise<InspectionView> =>
      apiRequest(answerInspection, { body: { token, answer } }),
    onSuccess: (inspection) =>
      queryClient.setQueryData<OrderLinkView>(orderByTokenQueryKey(token), (order) =>
        order ? { ...order, inspection } : order,
      ),
  });
}
