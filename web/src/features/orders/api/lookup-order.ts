import { messages } from '@shared/messages';
import { lookupOrder as lookupOrderRoute } from '@shared/routes/lookup-order';
import type { OrderTrackingView } from '@shared/schemas/inspection';
import type { OrderLookupRequest } from '@shared/schemas/order';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';

export const lookupOrder = (body: OrderLookupRequest): Promise<OrderTrackingView> =>
  apiRequest(lookupOrderRoute, { body });

/**
 * Tracking by order number and checkout e-mail. A mutation, not a query: the answer is personal, is fetched
 * on demand and must not linger in a cache. Never retried, since failed attempts count toward the rate limit.
 */
export const useLookupOrder = () => useMutation({ mutationFn: lookupOrder });

/**
 * The server's message for a refused lookup ('Order not found', 'Invalid credentials', the 429 wait),
 * otherwise the spec's generic 'Failed to load order' (network failure, server error, broken answer).
 */
export function lookupErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return messages.lookup.failed;
}
