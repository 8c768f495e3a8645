import { requestLabel as requestLabelRoute } from '@shared/routes/request-label';
import type { ShipmentView } from '@shared/schemas/shipment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { labelQueryKey } from '../../../lib/orders/get-label';

export const requestLabel = ({ orderId, token }: { orderId: string; token: string }): Promise<ShipmentView> =>
  apiRequest(requestLabelRoute, { params: { orderId }, body: { token } });

/**
 * 'Generate Shipping Label': answers the existing label, the one being made, or a newly queued job (202).
 * The answer becomes the label query's data, so polling starts from it. Never retried: the seller asks again.
 */
export const useRequestLabel = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => requestLabel({ orderId, token }),
    // A read still under way must not land after this answer and overwrite it.
    onMutate: () => queryClient.cancelQueries({ queryKey: labelQueryKey(orderId) }),
    onSuccess: (view) => queryClient.setQueryData(labelQueryKey(orderId), view),
  });
};
