/**
 * What the integration files about one order in the back office share (admin-orders.test.ts: the detail, its
 * status, payments and notes; admin-orders-emails-images.test.ts: its e-mails and photos): staff's API calls, a
 * fresh order, and reading or arranging the stored record.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { order as orderEntity } from '../../functions/lib/entities';
import type { AdminOrderDetail } from '../../shared/schemas/admin-orders';
import type { OrderConfirmation } from '../../shared/schemas/order';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from './checkout';
import { signIn } from './cognito';
import { getItem, orderCounters, testDb } from './db';
import { api, stack } from './stack';

let token: string;
/** Signs the stack's staff member in; each test file calls it once (beforeAll) before `admin`. */
export async function signInStaff(): Promise<void> {
  token = (await signIn(stack().admin.email, stack().admin.password)).idToken;
}

/** A back-office API call as staff (or as `bearer`). */
export const admin = <T = AdminOrderDetail>(method: string, path: string, body?: unknown, bearer = token) =>
  api<T & { error?: { code: string; message: string; fields?: Record<string, string> } }>(path, {
    method,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

export async function newOrder(quantity = 2): Promise<OrderConfirmation> {
  const product = (await catalogue()).find((p) => p.inStock)!;
  const res = await postOrder(
    checkoutBody(uniqueEmail('admin-orders'), [{ productId: product.id, quantity }]),
  );
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  const order = res.body as unknown as OrderConfirmation;
  // The e-mail worker records the checkout's confirmation on the order a moment later: let it land first, so
  // before/after comparisons see only what the admin call did.
  await waitFor(async () => (await stored(order.orderId)).email_delivery_status !== undefined);
  return order;
}

export async function waitFor(done: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const stored = async (orderId: string) => (await getItem(orderEntity.key(orderId)))!;
/** Changes stored fields directly, to arrange legacy or broken data the API never writes. */
export async function setStored(orderId: string, fields: Record<string, unknown>) {
  const names = Object.fromEntries(Object.keys(fields).map((k, i) => [`#f${i}`, k]));
  const values = Object.fromEntries(Object.values(fields).map((v, i) => [`:f${i}`, v]));
  await testDb().send(
    new UpdateCommand({
      TableName: stack().tableName,
      Key: orderEntity.key(orderId),
      UpdateExpression: `SET ${Object.keys(fields)
        .map((_, i) => `#f${i} = :f${i}`)
        .join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/** A refusal with the spec's message that left the order exactly as it was. */
export async function expectRefusedUnchanged(
  orderId: string,
  call: () => Promise<{ status: number; body: { error?: { message: string } } }>,
  status: number,
  message: string,
) {
  const before = await stored(orderId);
  const countersBefore = await orderCounters();
  const res = await call();
  expect(res.status).toBe(status);
  expect(res.body.error?.message).toBe(message);
  expect(await stored(orderId)).toEqual(before);
  expect(await orderCounters()).toEqual(countersBefore);
}
