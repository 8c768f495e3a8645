/**
 * @local-stack exclusive: it counts the shop's orders before and after.
 */
import { randomUUID } from 'node:crypto';
import { customer as customerEntity, order as orderEntity, orderToken } from '../../functions/lib/entities';
import { messages } from '../../shared/messages';
import { ZOrderConfirmation, ZOrderTracking } from '../../shared/schemas/order';
import type { Product } from '../../shared/schemas/product';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { getItem, orderCounters, putItem } from '../support/db';
import { waitForMail } from '../support/mail';
import { api } from '../support/stack';

jest.setTimeout(60_000);

let products: Product[];
let a: Product;
let b: Product;
beforeAll(async () => {
  products = await catalogue();
  [a, b] = products.filter((p) => p.inStock);
});

const orderCount = async () => Number((await orderCounters()).order_count ?? 0);

describe('POST /api/orders', () => {
  it('creates the order with catalogue prices, whatever the request claims', async () => {
    const email = uniqueEmail('prices');
    const body = {
      ...checkoutBody(email, [
        { productId: a.id, quantity: 2, price: 0.01 },
        { productId: b.id, quantity: 1, price: 0.01 },
      ]),
      total: 0.02,
      total_amount: 0.02,
      status: 'completed',
    };
    const res = await postOrder(body);
    expect(res.status).toBe(201);
    expect(ZOrderConfirmation.safeParse(res.body).success).toBe(true);
    const order = res.body as ReturnType<typeof ZOrderConfirmation.parse>;
    expect(order.orderId).toMatch(/^C[A-Z0-9]{6}$/);
    expect(order.status).toBe('pending');
    expect(order.shipmentStatus).toBe('pending');
    expect(order.items).toEqual([
      {
        productId: a.id,
        name: a.name,
        quantity: 2,
        price: a.buybackPrice,
        lineTotal: Math.round(a.buybackPrice * 200) / 100,
      },
      { productId: b.id, name: b.name, quantity: 1, price: b.buybackPrice, lineTotal: b.buybackPrice },
    ]);
    expect(order.total).toBe(Math.round((a.buybackPrice * 2 + b.buybackPrice) * 100) / 100);

    const stored = await getItem(orderEntity.key(order.orderId));
    expect(stored).toMatchObject({
      status: 'pending',
      total_amount: order.total,
      paid_amount: 0,
      customer_id: '00000000-0000-0000-0000-000000000000',
      payment_method: 'check',
      attestation: { accepted: true, accepted_at: expect.any(String) },
    });
  });

  it("a seller named 'Zoë 😀' gets the order and its confirmation e-mail, the name whole", async () => {
    const email = uniqueEmail('emoji');
    const res = await postOrder(
      checkoutBody(email, [{ productId: a.id, quantity: 1 }], { firstName: 'Zoë 😀' }),
    );
    expect(res.status).toBe(201);
    const order = res.body as ReturnType<typeof ZOrderConfirmation.parse>;
    expect((await getItem(orderEntity.key(order.orderId)))?.customer).toMatchObject({ firstName: 'Zoë 😀' });
    const [mail] = await waitForMail(email, 1, 60_000);
    expect(mail.subject).toContain(order.orderId);
    expect(mail.text).toContain('Zoë 😀');
  });

  it('updates the customer record (by lower-cased e-mail) and the order counters in the same write', async () => {
    const email = uniqueEmail('Customer').replace('customer', 'CusTomer');
    const before = await orderCount();
    const first = await postOrder(checkoutBody(email, [{ productId: a.id, quantity: 1 }]));
    const second = await postOrder(checkoutBody(email.toUpperCase(), [{ productId: b.id, quantity: 3 }]));
    expect([first.status, second.status]).toEqual([201, 201]);
    const customer = await getItem(customerEntity.key(email));
    expect(customer).toMatchObject({
      email: email.toLowerCase(),
      name: 'Ann Lee',
      phone: '(555) 123-4567',
      total_orders: 2,
      total_amount: Math.round((a.buybackPrice + b.buybackPrice * 3) * 100) / 100,
      first_order_date: (first.body as { createdAt: string }).createdAt,
      last_order_date: (second.body as { createdAt: string }).createdAt,
    });
    expect(await orderCount()).toBeGreaterThanOrEqual(before + 2);
  });

  describe('idempotency', () => {
    it('answers the same order for the same key and body, and refuses the key with another body', async () => {
      const key = randomUUID();
      const body = checkoutBody(uniqueEmail('replay'), [{ productId: a.id, quantity: 1 }]);
      const first = await postOrder(body, key);
      const again = await postOrder(body, key);
      expect(first.status).toBe(201);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);

      const other = await postOrder({ ...body, city: 'Dallas' }, key);
      expect(other.status).toBe(409);
      expect(other.body).toEqual({
        error: { code: 'conflict', message: messages.checkout.idempotencyMismatch },
      });
    });

    it('creates one order from simultaneous submissions with one key', async () => {
      const key = randomUUID();
      const email = uniqueEmail('race');
      const body = checkoutBody(email, [{ productId: a.id, quantity: 1 }]);
      const results = await Promise.all(Array.from({ length: 6 }, () => postOrder(body, key)));
      const ids = new Set(results.map((r) => (r.body as { orderId: string }).orderId));
      expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(ids.size).toBe(1);
      const customer = await getItem(customerEntity.key(email));
      expect(customer?.total_orders).toBe(1);
    });

    it('requires the Idempotency-Key header', async () => {
      const res = await postOrder(
        checkoutBody(uniqueEmail('nokey'), [{ productId: a.id, quantity: 1 }]),
        null,
      );
      expect(res.status).toBe(400);
      expect((res.body as { error: { message: string } }).error.message).toBe(
        messages.checkout.idempotencyKey,
      );
    });
  });

  describe('refusals write nothing', () => {
    const refused = async (body: unknown) => {
      const email = (body as { email: string }).email;
      const before = await orderCount();
      const res = await postOrder(body);
      expect(await orderCount()).toBe(before);
      expect(await getItem(customerEntity.key(email))).toBeUndefined();
      return res as unknown as {
        status: number;
        body: { error: { code: string; message: string; fields?: Record<string, string> } };
      };
    };

    it('a payout method switched off in settings', async () => {
      const res = await refused(
        checkoutBody(uniqueEmail('cashapp'), [{ productId: a.id, quantity: 1 }], {
          payout: { method: 'cashapp', cashtag: 'AnnLee' },
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ 'payout.method': messages.checkout.payoutMethodUnavailable });
    });

    it('an unknown product', async () => {
      const res = await refused(
        checkoutBody(uniqueEmail('unknown'), [{ productId: randomUUID(), quantity: 1 }]),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(messages.checkout.productUnknown);
    });

    it('an out-of-stock product, by name', async () => {
      const out = products.find((p) => !p.inStock)!;
      expect(out).toBeDefined();
      const res = await refused(
        checkoutBody(uniqueEmail('stock'), [
          { productId: a.id, quantity: 1 },
          { productId: out.id, quantity: 1 },
        ]),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(messages.checkout.productUnavailable(out.name));
    });

    it('lines of one product whose sum passes the per-line bound', async () => {
      const res = await refused(
        checkoutBody(uniqueEmail('merged'), [
          { productId: a.id, quantity: 60 },
          { productId: a.id.toUpperCase(), quantity: 60 },
        ]),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(messages.checkout.quantity);
    });

    it('invalid fields, with the spec messages per field', async () => {
      const res = await refused({
        ...checkoutBody(uniqueEmail('fields'), [{ productId: a.id, quantity: 1 }]),
        firstName: 'A',
        zipCode: '123',
        payout: { method: 'paypal', paypalEmail: 'nope' },
        attestation: false,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toMatchObject({
        firstName: messages.checkout.firstName,
        zipCode: messages.checkout.zipCode,
        'payout.paypalEmail': messages.checkout.paypalEmail,
        attestation: messages.checkout.attestation,
      });
    });

    it('a body that is not JSON', async () => {
      const before = await orderCount();
      const res = await api('/api/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: '{"firstName":',
      });
      expect(res.status).toBe(400);
      expect(await orderCount()).toBe(before);
    });
  });
});

describe('confirmation e-mail and the secret link', () => {
  it('arrives in the mail emulator with a link that opens the order', async () => {
    const email = uniqueEmail('mail');
    const created = await postOrder(checkoutBody(email, [{ productId: a.id, quantity: 2 }]));
    const order = created.body as { orderId: string; accessToken: string };
    const [mail] = await waitForMail(email);
    expect(mail.subject).toContain(order.orderId);
    expect(mail.text).toContain(a.name);
    const link = /https?:\/\/[^\s"]+\/order-confirmation\?token=([0-9a-f-]{36})/.exec(mail.html)!;
    expect(link[1]).toBe(order.accessToken);
    expect(mail.html).toContain('/order-status');
    expect(mail.html).toContain('/contact');

    const opened = await api(`/api/orders/by-token?token=${link[1]}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual(created.body);
    // The link points at this site, and the site serves the app for it (the e2e test follows it in a browser).
    const page = await api<string>(`${new URL(link[0]).pathname}${new URL(link[0]).search}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('answers 400, 404 and 410 with the spec messages, and logs every attempt', async () => {
    expect(await api('/api/orders/by-token')).toMatchObject({
      status: 400,
      body: { error: { message: messages.order.noToken } },
    });
    expect(await api('/api/orders/by-token?token=abc')).toMatchObject({
      status: 400,
      body: { error: { message: messages.order.invalidToken } },
    });
    const unknown = randomUUID();
    expect(await api(`/api/orders/by-token?token=${unknown}`)).toMatchObject({
      status: 404,
      body: { error: { message: messages.order.notFound } },
    });

    // An order placed 46 days ago: its link has expired.
    const token = randomUUID();
    const createdAt = new Date(Date.now() - 46 * 86_400_000).toISOString();
    await putItem({
      ...orderEntity.key('CEXPIR1'),
      entity: 'order',
      order_id: 'CEXPIR1',
      status: 'pending',
      shipment_status: 'pending',
      customer: { firstName: 'Old', lastName: 'Order', email: 'old@example.com', phone: '5551234567' },
      products: [],
      total_amount: 10,
      paid_amount: 0,
      payment_method: 'check',
      shipping_address: { address: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
      access_token: token,
      created_at: createdAt,
      updated_at: createdAt,
    });
    await putItem({ ...orderToken.key(token), order_id: 'CEXPIR1' });
    expect(await api(`/api/orders/by-token?token=${token}`)).toMatchObject({
      status: 410,
      body: { error: { message: messages.order.expired } },
    });
  });
});

describe('POST /api/orders/lookup', () => {
  let orderId: string;
  const email = uniqueEmail('Track');
  beforeAll(async () => {
    const created = await postOrder(checkoutBody(email, [{ productId: b.id, quantity: 1 }]));
    orderId = (created.body as { orderId: string }).orderId;
  });
  const lookup = (body: unknown) =>
    api<{ error?: { message: string } }>('/api/orders/lookup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('finds the order with the e-mail in another case and the number in lower case', async () => {
    const res = await lookup({ orderNumber: orderId.toLowerCase(), email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(ZOrderTracking.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      orderNumber: orderId,
      status: 'pending',
      paymentStatus: 'Pending',
      paymentLog: [],
      notes: [],
      images: [],
    });
    expect(JSON.stringify(res.body)).not.toMatch(/Main St|555|payout|access/i);
  });

  it('answers a wrong e-mail and an unknown number alike (status and message), and requires both fields', async () => {
    const wrongEmail = await lookup({ orderNumber: orderId, email: 'someone@example.com' });
    const unknownNumber = await lookup({ orderNumber: 'CZZZZZZ', email });
    expect(wrongEmail).toMatchObject({
      status: 403,
      body: { error: { code: 'forbidden', message: messages.lookup.invalidCredentials } },
    });
    expect([unknownNumber.status, unknownNumber.body]).toEqual([wrongEmail.status, wrongEmail.body]);
    expect(await lookup({ orderNumber: '', email })).toMatchObject({
      status: 400,
      body: { error: { message: messages.lookup.required } },
    });
    expect(await lookup({})).toMatchObject({
      status: 400,
      body: { error: { message: messages.lookup.required } },
    });
  });
});
