import { adminLogPayment } from '@shared/routes/admin-log-payment';
import type { LogPaymentRequest } from '@shared/schemas/admin-orders';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useOrderDetailCache } from './order-cache';

export const logPayment = (orderId: string, payment: LogPaymentRequest) =>
  apiRequest(adminLogPayment, { params: { orderId }, body: payment });

/** Never retried: a payment logged twice is money counted twice. */
export const useLogPayment = (orderId: string) => {
  const cache = useOrderDetailCache(orderId);
  return useMutation({
    mutationFn: (payment: LogPaymentRequest) => logPayment(orderId, payment),
    onMutate: cache.holdReads,
    onSuccess: cache.apply,
  });
};
