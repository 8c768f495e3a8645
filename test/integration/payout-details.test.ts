/**
 * Issue 14: sellers' payout details are sealed at checkout (envelope encryption under the payout key; locally
 * its stand-in key file), shown masked on the admin order detail, and in full only through the reveal route,
 * which writes each reveal to the order's activity log.
 *
 * @local-stack exclusive: it turns bank transfer on in the settings record checkout reads.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { customer, order as orderEntity, settings } from '../../functions/lib/entities';
import { PAYOUT_ENVELOPE_VERSION } from '../../functions/lib/payout-details';
import type { AdminOrderDetail, RevealPayoutDetailsResponse } from '../../shared/schemas/admin-orders';
import type { OrderConfirmation } from '../../shared/schemas/order';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { createPlainUser, signIn } from '../support/cognito';
import { getItem, putItem, testDb } from '../support/db';
import { waitForMail } from '../support/mail';
import { api, stack } from '../support/stack';

jest.setTimeout(90_000);

const ACCOUNT = '000123456789';
const ROUTING = '021000021';
const revealPath = (orderId: string) => `/api/admin/orders/${orderId}/payout-details/reveal`;

let token: string;
let plainToken: string;
let originalSettings: Record<string, unknown>;

const admin = <T>(method: string, path: string, body?: unknown, bearer = token) =>
  api<T & { error?: { code: string; message: string } }>(path, {
    method,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const stored = async (orderId: string) => (await getItem(orderEntity.key(orderId)))!;

async function checkout(payout: Record<string, string>, email = uniqueEmail('payout')) {
  const product = (await catalogue()).find((p) => p.inStock)!;
  const res = await postOrder(checkoutBody(email, [{ productId: product.id, quantity: 1 }], { payout }));
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { order: res.body as unknown as OrderConfirmation, email };
}

beforeAll(async () => {
  token = (await signIn(stack().admin.email, stack().admin.password)).idToken;
  const email = `payout-clerk-${Date.now()}@stripbuyback.test`;
  await createPlainUser(email, 'Str0ng!Passw0rd');
  plainToken = (await signIn(email, 'Str0ng!Passw0rd')).idToken;
  originalSettings = (await getItem(settings.key()))!;
  // Bank transfer is off in the seeded settings; the other files share this stack, so it is put back after.
  const saved = await admin('PATCH', '/api/admin/settings', {
    payment_methods: { traditional: { achWire: true, paypal: true } },
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await putItem(originalSettings);
});

describe('checkout stores the payout details sealed', () => {
  it('holds no account or routing number in clear on the order, the customer or anything else of the order', async () => {
    const { order, email } = await checkout({
      method: 'achWire',
      bankAccount: ACCOUNT,
      routingNumber: ROUTING,
    });
    const item = await stored(order.orderId);
    const raw = JSON.stringify(item);
    expect(raw).not.toContain(ACCOUNT);
    expect(raw).not.toContain(ROUTING);
    expect(item.payment_details).toMatchObject({
      encrypted: PAYOUT_ENVELOPE_VERSION,
      keySource: 'local',
      fields: { bankAccount: expect.any(String), routingNumber: expect.any(String) },
    });
    expect(item.payment_details_masked).toEqual({ bankAccount: '••••6789', routingNumber: '••••0021' });
    expect(item.payment_method).toBe('achWire');

    const customerItem = await getItem(customer.key(email));
    expect(JSON.stringify(customerItem)).not.toContain(ACCOUNT);
    // Every item naming the order (outbox record, token pointer, idempotency record...) through the collection.
    const related = await testDb().send(
      new QueryCommand({
        TableName: stack().tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': orderEntity.key(order.orderId).pk },
      }),
    );
    for (const other of related.Items ?? []) expect(JSON.stringify(other)).not.toContain(ACCOUNT);

    // The confirmation e-mail names the method at most, never the numbers.
    const [mail] = await waitForMail(email);
    expect(mail.html + mail.text).not.toContain(ACCOUNT);
    expect(mail.html + mail.text).not.toContain(ROUTING);
  });

  it('shows them masked on the admin order detail and not at all in the orders list', async () => {
    const { order, email } = await checkout({
      method: 'achWire',
      bankAccount: ACCOUNT,
      routingNumber: ROUTING,
    });
    const detail = await admin<AdminOrderDetail>('GET', `/api/admin/orders/${order.orderId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.paymentMethod).toBe('achWire');
    expect(detail.body.paymentDetails).toEqual({ bankAccount: '••••6789', routingNumber: '••••0021' });
    expect(JSON.stringify(detail.body)).not.toContain(ACCOUNT);

    const list = await admin<unknown>('GET', `/api/admin/orders?q=${encodeURIComponent(email)}`);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain(order.orderId);
    expect(JSON.stringify(list.body)).not.toContain(ACCOUNT);
    expect(JSON.stringify(list.body)).not.toContain('••••6789');

    const customers = await admin<unknown>('GET', `/api/admin/customers/${encodeURIComponent(email)}`);
    expect(JSON.stringify(customers.body)).not.toContain(ACCOUNT);
  });
});

describe('POST /api/admin/orders/{orderId}/payout-details/reveal', () => {
  it('answers the details in full and writes who revealed them, and when, to the activity log', async () => {
    const { order } = await checkout({ method: 'paypal', paypalEmail: 'jane.seller@example.com' });
    const before = await admin<AdminOrderDetail>('GET', `/api/admin/orders/${order.orderId}`);
    expect(before.body.paymentDetails).toEqual({ paypalEmail: 'j•••@example.com' });
    expect(before.body.activityLog.filter((e) => e.type === 'PAYOUT_REVEAL')).toHaveLength(0);

    const res = await admin<RevealPayoutDetailsResponse>('POST', revealPath(order.orderId));
    expect(res.status).toBe(200);
    expect(res.body.paymentDetails).toEqual({ paypalEmail: 'jane.seller@example.com' });
    // The order it answers is still masked; its log names the reveal.
    expect(res.body.order.paymentDetails).toEqual({ paypalEmail: 'j•••@example.com' });
    const reveals = res.body.order.activityLog.filter((e) => e.type === 'PAYOUT_REVEAL');
    expect(reveals).toEqual([
      expect.objectContaining({ message: 'Payout details revealed', by: stack().admin.email }),
    ]);
    expect(Date.parse(reveals[0].timestamp)).not.toBeNaN();

    // Stored, and a second reveal is a second entry.
    await admin('POST', revealPath(order.orderId));
    const log = (await stored(order.orderId)).activity_log as Array<{ type: string | null }>;
    expect(log.filter((e) => e.type === 'PAYOUT_REVEAL')).toHaveLength(2);
  });

  it('reads a legacy plaintext order as it is: masked on the detail, in full on reveal, logged alike', async () => {
    const { order } = await checkout({ method: 'check' });
    // An order written before encryption: its details in clear, no masked copy.
    const { payment_details_masked: _mask, ...current } = await stored(order.orderId);
    await putItem({
      ...current,
      payment_method: 'venmo',
      payment_details: { venmoUsername: '@legacy-seller' },
    });
    const detail = await admin<AdminOrderDetail>('GET', `/api/admin/orders/${order.orderId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.paymentDetails).toEqual({ venmoUsername: '@l•••' });
    const res = await admin<RevealPayoutDetailsResponse>('POST', revealPath(order.orderId));
    expect(res.status).toBe(200);
    expect(res.body.paymentDetails).toEqual({ venmoUsername: '@legacy-seller' });
    expect(res.body.order.activityLog.some((e) => e.type === 'PAYOUT_REVEAL')).toBe(true);
  });

  it('will not open details moved from another order, and logs no reveal', async () => {
    const { order: from } = await checkout({ method: 'paypal', paypalEmail: 'moved@example.com' });
    const { order: to } = await checkout({ method: 'check' });
    const source = await stored(from.orderId);
    await putItem({
      ...(await stored(to.orderId)),
      payment_method: 'paypal',
      payment_details: source.payment_details,
      payment_details_masked: source.payment_details_masked,
    });
    const res = await admin<RevealPayoutDetailsResponse>('POST', revealPath(to.orderId));
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('moved@example.com');
    const log = ((await stored(to.orderId)).activity_log ?? []) as Array<{ type: string | null }>;
    expect(log.some((e) => e.type === 'PAYOUT_REVEAL')).toBe(false);
  });

  it('refuses a signed-in user outside the admin group, and an unknown order, logging nothing', async () => {
    const { order } = await checkout({ method: 'paypal', paypalEmail: 'guarded@example.com' });
    const refused = await admin('POST', revealPath(order.orderId), undefined, plainToken);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('guarded@example.com');
    const anonymous = await api(revealPath(order.orderId), { method: 'POST' });
    expect(anonymous.status).toBe(401);
    const log = ((await stored(order.orderId)).activity_log ?? []) as Array<{ type: string | null }>;
    expect(log.some((e) => e.type === 'PAYOUT_REVEAL')).toBe(false);

    const missing = await admin('POST', revealPath('CZZZZZZ'));
    expect(missing.status).toBe(404);
  });
});
