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

/**
 * POST /api/orders. A lost connection is retried with the same key (safe: the server answers the same
 * order), and while the browser is offline the call waits and goes out when the connection returns.
 */
export const useCreateOrder = () =>
  useMutation({
    mutationFn: createOrder,
    retry: (failures, error) => isApiError(error) && error.status === 0 && failures < MAX_NETWORK_RETRIES,
  });
