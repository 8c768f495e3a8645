import { adminGetReceivedOrder } from '@shared/routes/admin-get-received-order';
import { isOrderId } from '@shared/rules/order';
import type { ReceivingOrder } from '@shared/schemas/receiving';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { receivedOrderKey } from './query-keys';

export { isOrderId };

/** One order as the inspection form needs it (items, photos, the saved inspection and its version). */
export const useReceivedOrder = (orderId: string) =>
  useQuery({
    queryKey: receivedOrderKey(orderId),
    queryFn: ({ signal }): Promise<ReceivingOrder> =>
      apiRequest(adminGetReceivedOrder, { params: { orderId }, signal }),
    enabled: isOrderId(orderId),
  });
