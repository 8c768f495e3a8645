import { getOrderByToken as getOrderByTokenRoute } from '@shared/routes/get-order-by-token';
import type { OrderLinkView } from '@shared/schemas/inspection';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const orderByTokenQueryKey = (token: string) => ['orders', 'by-token', token] as const;

export const getOrderByToken = (token: string, signal?: AbortSignal): Promise<OrderLinkView> =>
  apiRequest(getOrderByTokenRoute, { query: { token }, signal });

/**
 * The order behind the secret link from the confirmation e-mail. A 4xx (malformed, unknown, expired link)
 * is the answer, not a hiccup: no retry.
 */
export const useOrderByToken = (token: string | null) =>
  useQuery({
    queryKey: orderByTokenQueryKey(token ?? ''),
    queryFn: ({ signal }) => getOrderByToken(token!, signal),
    enabled: Boolean(token),
    staleTime: 5 * 60 * 1000,
  });
