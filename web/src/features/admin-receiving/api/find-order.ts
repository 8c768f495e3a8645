import { adminFindReceivedOrder } from '@shared/routes/admin-find-received-order';
import type { ReceivingOrder } from '@shared/schemas/receiving';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { findKey } from './query-keys';

export const findReceivedOrder = (code: string, signal?: AbortSignal): Promise<ReceivingOrder> =>
  apiRequest(adminFindReceivedOrder, { query: { code }, signal });

/**
 * The order behind a scanned or typed code (tracking or order number), once one is entered. An unknown code
 * (404) is the answer, not a hiccup: no retry. Always read afresh: another table may have received the box.
 */
export const useFindReceivedOrder = (code: string) =>
  useQuery({
    queryKey: findKey(code),
    queryFn: ({ signal }) => findReceivedOrder(code, signal),
    enabled: code !== '',
    staleTime: 0,
  });
