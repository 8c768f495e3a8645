import { adminRequestLabel } from '@shared/routes/admin-request-label';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminLabelKey } from './query-keys';

export const requestAdminLabel = (orderId: string) => apiRequest(adminRequestLabel, { params: { orderId } });

/**
 * 'Generate Shipping Label' from the back office: the answer (the label, or the job just queued) becomes the
 * label query's data, so polling starts from it. Never retried: staff press again.
 */
export const useAdminRequestLabel = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestAdminLabel(orderId),
    onMutate: () => queryClient.cancelQueries({ queryKey: adminLabelKey(orderId) }),
    onSuccess: (view) => queryClient.setQueryData(adminLabelKey(orderId), view),
  });
};
