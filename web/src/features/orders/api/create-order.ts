import { createOrder as createOrderRoute } from '@shared/routes/create-order';
import type { CartItem } from '@shared/rules/cart';
import { type CheckoutForm, type CreateOrderRequest, IDEMPOTENCY_HEADER } from '@shared/schemas/checkout';
import type { OrderConfirmation } from '@shared/schemas/order';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';

/** The request body: the checked form plus the cart lines (the server prices them, never the browser). */
export const createOrderBody = (form: CheckoutForm, items: readonly CartItem[]): CreateOrderRequest => ({
  ...form,
  items: items.map((item) => ({ productId: item.product.id, quantity: item.quantity })),
});

export interface CreateOrderVariables {
  body: CreateOrderRequest;
  /** One per checkout attempt: a repeat of the same attempt answers the same order, never a second one. */
  idempotencyKey: string;
}

export const createOrder = ({ body, idempotencyKey }: CreateOrderVariables): Promise<OrderConfirmation> =>
  apiRequest(createOrderRoute, { body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

const MAX_NETWORK_RETRIES = 2;
const MAX_BUSY_RETRIES = 1;
/** The longest a busy server's Retry-After is waited for before the one retry (longer: the banner shows). */
const MAX_BUSY_WAIT_SECONDS = 5;

/** Whether to send the same request (same key: the server answers the same order) once more. */
export function retryCheckout(failures: number, error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 0) return failures < MAX_NETWORK_RETRIES;
  // The server ran out of time (503): the order may be written by now, and the same key answers it.
  return error.status === 503 && failures < MAX_BUSY_RETRIES;
}

/** A busy server's Retry-After (capped); otherwise TanStack Query's own back-off. */
export function checkoutRetryDelay(failures: number, error: unknown): number {
  if (isApiError(error) && error.status === 503) {
    return Math.min(error.retryAfterSeconds ?? 1, MAX_BUSY_WAIT_SECONDS) * 1000;
  }
  return Math.min(1000 * 2 ** failures, 30_000);
}

/**
 * POST /api/orders. A lost connection is retried with the same key (safe: the server answers the same
 * order), and while the browser is offline the call waits and goes out when the connection returns; a busy
 * server's 503 is retried once, after its Retry-After, before the banner shows.
 */
export const useCreateOrder = () =>
  useMutation({ mutationFn: createOrder, retry: retryCheckout, retryDelay: checkoutRetryDelay });
