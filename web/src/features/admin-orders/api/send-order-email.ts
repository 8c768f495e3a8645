import { adminSendOrderEmail } from '@shared/routes/admin-send-order-email';
import type { OrderEmailTemplate } from '@shared/schemas/admin-orders';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useOrderDetailCache } from './order-cache';

export const sendOrderEmail = (orderId: string, template: OrderEmailTemplate) =>
  apiRequest(adminSendOrderEmail, { params: { orderId }, body: { template } });

/** One mutation per button, so each shows its own busy state. */
export const useSendOrderEmail = (orderId: string, template: OrderEmailTemplate) => {
  const cache = useOrderDetailCache(orderId);
  return useMutation({
    mutationFn: () => sendOrderEmail(orderId, template),
    onMutate: cache.holdReads,
    onSuccess: (result) => cache.apply(result.order),
  });
};
