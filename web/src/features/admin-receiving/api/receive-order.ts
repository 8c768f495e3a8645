import { adminReceiveOrder } from '@shared/routes/admin-receive-order';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useReceivingCache } from './receiving-cache';

/** 'Mark Received': who and when; a box received already answers who received it and when. */
export function useReceiveOrder() {
  const apply = useReceivingCache();
  return useMutation({
    mutationFn: (orderId: string) => apiRequest(adminReceiveOrder, { params: { orderId } }),
    onSuccess: (result) => apply(result.order),
  });
}
