import { setTimeout as sleep } from 'node:timers/promises';
import type { OrderConfirmation } from '../../shared/schemas/order';
import type { ShipmentState, ShipmentView } from '../../shared/schemas/shipment';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from './checkout';
import { api, stack } from './stack';

/** A fresh order through checkout; `over` changes the checkout fields (e.g. the address). */
export async function placeOrder(over: Record<string, unknown> = {}): Promise<OrderConfirmation> {
  const product = (await catalogue()).find((p) => p.inStock)!;
  const res = await postOrder(
    checkoutBody(uniqueEmail('label'), [{ productId: product.id, quantity: 2 }], over),
  );
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as unknown as OrderConfirmation;
}

export const requestLabel = (order: OrderConfirmation) =>
  api<ShipmentView>(`/api/orders/${order.orderId}/label`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: order.accessToken }),
  });

export const getLabel = (order: OrderConfirmation) =>
  api<ShipmentView>(
    `/api/orders/${order.orderId}/label?${new URLSearchParams({ token: order.accessToken })}`,
  );

/**
 * Polls the label until it is settled (purchased, failed or expired) or the time is up. The worker saves a
 * purchase and its USPS QR code in two writes: a purchased label counts as settled once its QR code is there,
 * or a few seconds after the purchase when the QR code could not be made.
 */
export async function waitForLabel(
  order: OrderConfirmation,
  until: readonly ShipmentState[] = ['purchased', 'failed', 'expired'],
  timeoutMs = 60_000,
): Promise<ShipmentView> {
  const deadline = Date.now() + timeoutMs;
  let purchasedSince: number | null = null;
  for (;;) {
    const res = await getLabel(order);
    if (res.status === 200 && until.includes(res.body.state)) {
      if (res.body.state !== 'purchased' || res.body.qrCodeUrl) return res.body;
      purchasedSince ??= Date.now();
      if (Date.now() - purchasedSince > QR_GRACE_MS) return res.body;
    }
    if (Date.now() > deadline) throw new Error(`label still ${JSON.stringify(res.body)}`);
    await sleep(250);
  }
}
const QR_GRACE_MS = 5_000;

/** The EasyPost test server's switches and counters (`/__control/...`). */
export async function easypostControl<T = unknown>(
  path: string,
  method = 'POST',
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${stack().urls.easypost}/__control/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`EasyPost control ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface EasyPostStats {
  buys: Record<string, number>;
  refunds: Record<string, number>;
  calls: Record<string, number>;
  /** Calls on a shipment, per its reference (the order id): what one test's own order saw. */
  callsByReference: Record<string, Record<string, number> | undefined>;
}
export const easypostStats = () => easypostControl<EasyPostStats>('stats', 'GET');
