/**
 * @local-stack exclusive, last: its bursts fill the machine, and other files would see their refusals. Last of
 * them, when the other files are done: on a machine full of them, the local Lambda's one thread per function could
 * not answer a burst's checkouts before their timeout (a bare 500, where Lambda gives each request its container).
 */
import { randomUUID } from 'node:crypto';
import {
  checkoutIdempotency,
  counters,
  customer as customerEntity,
  order as orderEntity,
  shipment,
  ticket as ticketEntity,
} from '../../functions/lib/entities';
import {
  CHECKOUT_LIMIT_PER_EMAIL,
  CHECKOUT_LIMIT_PER_IP,
  LABEL_LIMIT_PER_IP,
  LOOKUP_FAILURE_CEILING_PER_ORDER,
  LOOKUP_FAILURE_LIMIT_PER_CLIENT_ORDER,
  QR_LIMIT_PER_ORDER,
  TICKET_CONFIRMATIONS_PER_ADDRESS,
  TICKET_LIMIT_PER_IP,
} from '../../shared/constants';
import { apiMessages, messages } from '../../shared/messages';
import type { OrderConfirmation } from '../../shared/schemas/order';
import type { Product } from '../../shared/schemas/product';
import { catalogue, checkoutBody, uniqueEmail } from '../support/checkout';
import { getItem, orderCounters } from '../support/db';
import { waitForLabel } from '../support/labels';
import { type CapturedEmail, waitForMail } from '../support/mail';
import { waitForQueueDrained } from '../support/queues';
import { type ApiResponse, api, apiDirect, asClient, newClientIp } from '../support/stack';

jest.setTimeout(240_000);

type ErrorBody = { error?: { code: string; message: string } };

let product: Product;
beforeAll(async () => {
  product = (await catalogue()).find((p) => p.inStock)!;
});

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

const order = (email: string, client: string, key: string = randomUUID()) =>
  api<OrderConfirmation & ErrorBody>(
    '/api/orders',
    json(checkoutBody(email, [{ productId: product.id, quantity: 1 }]), {
      'idempotency-key': key,
      ...asClient(client),
    }),
  );

const lookup = (orderNumber: string, email: string, client: string, headers: Record<string, string> = {}) =>
  api<ErrorBody & { orderNumber?: string }>(
    '/api/orders/lookup',
    json({ orderNumber, email }, { ...asClient(client), ...headers }),
  );

/** A 429 as every limit answers it: the code, the message with its wait, and a Retry-After in seconds. */
function expectLimited(res: ApiResponse<ErrorBody>, message: (minutes: number) => string): void {
  expect([res.status, res.body.error?.code]).toEqual([429, 'rate_limited']);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(res.body.error?.message).toBe(message(Math.ceil(retryAfter / 60)));
}

describe('the origin secret: only requests through the site (CloudFront) are served', () => {
  it('the site answers; the API endpoint itself refuses a request without the secret (403)', async () => {
    expect((await api('/api/products')).status).toBe(200);
    const direct = await apiDirect<ErrorBody>('/api/products');
    expect([direct.status, direct.body.error]).toEqual([
      403,
      { code: 'forbidden', message: apiMessages.directAccess },
    ]);
  });

  it('refuses a direct call with a forged CloudFront-Viewer-Address, with or without a guessed secret', async () => {
    const attempts: Array<Record<string, string>> = [
      { 'cloudfront-viewer-address': '198.51.100.23:4444' },
      { 'cloudfront-viewer-address': '198.51.100.23:4444', 'x-origin-verify': 'guess' },
    ];
    for (const headers of attempts) {
      const res = await apiDirect<ErrorBody>(
        '/api/orders/lookup',
        json({ orderNumber: 'C1A2B3C', email: 'a@example.com' }, headers),
      );
      expect([res.status, res.body.error?.message]).toEqual([403, apiMessages.directAccess]);
    }
  });

  it('refuses webhooks sent straight to the API endpoint too (EasyPost and Twilio call the site)', async () => {
    const res = await apiDirect<ErrorBody>('/api/webhooks/easypost', json({ id: 'evt_1' }));
    expect(res.status).toBe(403);
  });

  it('through the site a client-sent CloudFront-Viewer-Address is not trusted: limits count the real client', async () => {
    const client = newClientIp();
    const number = 'CQQQQQQ';
    for (let i = 0; i < LOOKUP_FAILURE_LIMIT_PER_CLIENT_ORDER; i++) {
      const forged = { 'cloudfront-viewer-address': `198.51.100.${i + 1}:443` };
      expect((await lookup(number, `guess${i}@example.com`, client, forged)).status).toBe(403);
    }
    const res = await lookup(number, 'guess@example.com', client, {
      'cloudfront-viewer-address': '198.51.100.200:443',
    });
    expectLimited(res, messages.lookup.tooMany);
  });
});

describe('order lookup limits', () => {
  let target: OrderConfirmation;
  let email: string;
  beforeAll(async () => {
    email = uniqueEmail('lookup-owner');
    target = (await order(email, newClientIp())).body;
  });

  it('a client that failed on an order is refused (429) there, while the owner from elsewhere is answered', async () => {
    const attacker = newClientIp();
    for (let i = 0; i < LOOKUP_FAILURE_LIMIT_PER_CLIENT_ORDER; i++) {
      expect((await lookup(target.orderId, `guess${i}@example.com`, attacker)).status).toBe(403);
    }
    expectLimited(await lookup(target.orderId, email, attacker), messages.lookup.tooMany);
    const owner = await lookup(target.orderId, email, newClientIp());
    expect([owner.status, owner.body.orderNumber]).toEqual([200, target.orderId]);
  });

  it('past the per-order ceiling, failed clients are refused, a client that never failed still gets its order', async () => {
    const other = (await order(uniqueEmail('lookup-ceiling'), newClientIp())).body;
    const attackers = Array.from(
      { length: Math.ceil(LOOKUP_FAILURE_CEILING_PER_ORDER / LOOKUP_FAILURE_LIMIT_PER_CLIENT_ORDER) },
      newClientIp,
    );
    for (const [n, attacker] of attackers.entries()) {
      for (let i = 0; i < LOOKUP_FAILURE_LIMIT_PER_CLIENT_ORDER; i++) {
        expect((await lookup(other.orderId, `g${n}-${i}@example.com`, attacker)).status).toBe(403);
      }
    }
    // A wrong guess from a fresh client: refused as the order is under attack.
    expectLimited(await lookup(other.orderId, 'fresh@example.com', newClientIp()), messages.lookup.tooMany);
    const owner = await lookup(other.orderId, other.customer.email, newClientIp());
    expect([owner.status, owner.body.orderNumber]).toEqual([200, other.orderId]);
  });
});

describe('checkout limits', () => {
  it(`${CHECKOUT_LIMIT_PER_EMAIL} orders an hour per e-mail, then 429 and nothing written; a replay still answers`, async () => {
    const email = uniqueEmail('checkout-limit');
    const keys = Array.from({ length: CHECKOUT_LIMIT_PER_EMAIL }, () => randomUUID());
    const clients = keys.map(() => newClientIp());
    const ids: string[] = [];
    for (const [i, key] of keys.entries()) {
      const res = await order(email, clients[i], key);
      expect(res.status).toBe(201);
      ids.push(res.body.orderId);
    }
    const ordersBefore = Number((await orderCounters()).order_count ?? 0);
    const refusedKey = randomUUID();
    expectLimited(await order(email, newClientIp(), refusedKey), messages.checkout.tooMany);
    expect(await getItem(checkoutIdempotency.key(refusedKey))).toBeUndefined();
    expect(Number((await orderCounters()).order_count ?? 0)).toBe(ordersBefore);

    // The same checkout sent again (a retry after a lost answer) is the original order, not a 429.
    const replay = await order(email, clients[4], keys[4]);
    expect([replay.status, replay.body.orderId]).toEqual([200, ids[4]]);
  });

  it(`${CHECKOUT_LIMIT_PER_IP} orders an hour per client IP, whatever the e-mails`, async () => {
    const client = newClientIp();
    for (let i = 0; i < CHECKOUT_LIMIT_PER_IP; i++) {
      expect((await order(uniqueEmail(`ip-limit-${i}`), client)).status).toBe(201);
    }
    const key = randomUUID();
    expectLimited(await order(uniqueEmail('ip-limit-over'), client, key), messages.checkout.tooMany);
    expect(await getItem(checkoutIdempotency.key(key))).toBeUndefined();
    // Another client is not affected.
    expect((await order(uniqueEmail('ip-limit-other'), newClientIp())).status).toBe(201);
  });
});

describe('checkout under a burst', () => {
  /** How many of these orders the table holds. */
  const stored = async (ids: string[]) =>
    (await Promise.all(ids.map((id) => getItem(orderEntity.key(id))))).filter(Boolean).length;

  it('200 sellers at once from 200 clients: each order written once, none lost, no 500', async () => {
    const sellers = Array.from({ length: 200 }, (_, i) => ({
      email: uniqueEmail(`burst-${i}`),
      key: randomUUID(),
    }));
    const client = newClientIp;
    const first = await Promise.all(sellers.map((s) => order(s.email, client(), s.key)));
    // A checkout that ran out of time answers 503 with Retry-After (never a bare 500); how many do depends on
    // the machine's speed (the bench reports it). The checkout page sends such a one again with the same key, after
    // the server's Retry-After, not straight back into the burst; a seller whose try is busy again presses again.
    // However many rounds that takes on a loaded machine, each order is written once and none is lost.
    for (const res of first) expect([201, 503]).toContain(res.status);
    const answers = [...first];
    for (let round = 0; round < 5; round++) {
      const busy = answers.flatMap((res, i) => (res.status === 503 ? [i] : []));
      if (busy.length === 0) break;
      const retryAfter = busy.map((i) => Number(answers[i].headers.get('retry-after')));
      for (const seconds of retryAfter) expect(seconds).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, Math.max(...retryAfter) * 1000));
      const retried = await Promise.all(busy.map((i) => order(sellers[i].email, client(), sellers[i].key)));
      for (const res of retried) expect([200, 201, 503]).toContain(res.status);
      for (const [k, i] of busy.entries()) answers[i] = retried[k];
    }
    for (const res of answers) expect([200, 201]).toContain(res.status);
    const ids = answers.map((res) => res.body.orderId);
    expect(new Set(ids).size).toBe(200);
    expect(await stored(ids)).toBe(200);
    // Nothing written twice: one customer record per seller, with one order each.
    const customers = await Promise.all(sellers.map((s) => getItem(customerEntity.key(s.email))));
    expect(customers.map((c) => c?.total_orders)).toEqual(sellers.map(() => 1));
  });

  it(`${CHECKOUT_LIMIT_PER_IP * 2} at once from one client: ${CHECKOUT_LIMIT_PER_IP} orders, the rest 429 and not written`, async () => {
    const client = newClientIp();
    const answers = await Promise.all(
      Array.from({ length: CHECKOUT_LIMIT_PER_IP * 2 }, (_, i) => order(uniqueEmail(`same-ip-${i}`), client)),
    );
    const created = answers.filter((res) => res.status === 201);
    const refused = answers.filter((res) => res.status !== 201);
    expect(created).toHaveLength(CHECKOUT_LIMIT_PER_IP);
    for (const res of refused) expectLimited(res, messages.checkout.tooMany);
    expect(await stored(created.map((res) => res.body.orderId))).toBe(CHECKOUT_LIMIT_PER_IP);
  });
});

const labelRequest = (o: OrderConfirmation, client: string) =>
  api<ErrorBody & { state?: string }>(
    `/api/orders/${o.orderId}/label`,
    json({ token: o.accessToken }, asClient(client)),
  );

describe('label and QR code limits', () => {
  it(`${LABEL_LIMIT_PER_IP} new labels an hour per client IP, then 429 and no label job`, async () => {
    const client = newClientIp();
    const orders: OrderConfirmation[] = [];
    for (let i = 0; i <= LABEL_LIMIT_PER_IP; i++) {
      orders.push((await order(uniqueEmail(`label-limit-${i}`), newClientIp())).body);
    }
    for (const o of orders.slice(0, LABEL_LIMIT_PER_IP)) {
      expect((await labelRequest(o, client)).status).toBe(202);
    }
    const last = orders[LABEL_LIMIT_PER_IP];
    expectLimited(await labelRequest(last, client), messages.label.tooManyLabels);
    expect(await getItem(shipment.key(last.orderId))).toBeUndefined();
    // The label already being made is answered as it is, and never counts.
    expect((await labelRequest(orders[0], client)).status).toBe(200);
    expect((await labelRequest(last, newClientIp())).status).toBe(202);
    await waitForLabel(last);
  });

  it(`${QR_LIMIT_PER_ORDER} QR codes an hour per order, then 429 and the shipment unchanged`, async () => {
    const o = (await order(uniqueEmail('qr-limit'), newClientIp())).body;
    expect((await labelRequest(o, newClientIp())).status).toBe(202);
    const label = await waitForLabel(o);
    expect(label.state).toBe('purchased');
    const regenerate = () =>
      api<ErrorBody & { qrCodeUrl?: string }>(
        `/api/orders/${o.orderId}/label/qr-code`,
        json({ token: o.accessToken }, asClient(newClientIp())),
      );
    for (let i = 0; i < QR_LIMIT_PER_ORDER; i++) expect((await regenerate()).status).toBe(200);
    const before = await getItem(shipment.key(o.orderId));
    expectLimited(await regenerate(), messages.label.tooManyQrCodes);
    expect(await getItem(shipment.key(o.orderId))).toEqual(before);
  });
});

describe('support ticket limits', () => {
  const form = (email: string, over: Record<string, string> = {}) => ({
    name: 'Pat Doe',
    email,
    phone: '(555) 222-3333',
    subject: 'Question',
    message: 'Where is my prepaid label?',
    ...over,
  });
  const send = (body: unknown, client: string) =>
    api<ErrorBody & { ticketNumber?: string }>('/api/tickets', json(body, asClient(client)));

  it(`${TICKET_LIMIT_PER_IP} tickets an hour per client IP, then 429 and nothing stored`, async () => {
    const client = newClientIp();
    for (let i = 0; i < TICKET_LIMIT_PER_IP; i++) {
      expect((await send(form(uniqueEmail(`ticket-ip-${i}`)), client)).status).toBe(201);
    }
    const before = Number((await getItem(counters.tickets()))?.ticket_count ?? 0);
    const email = uniqueEmail('ticket-ip-over');
    expectLimited(await send(form(email), client), messages.contact.tooMany);
    expect(Number((await getItem(counters.tickets()))?.ticket_count ?? 0)).toBe(before);
    expect((await send(form(uniqueEmail('ticket-ip-other')), newClientIp())).status).toBe(201);
  });

  it(`the sender gets ${TICKET_CONFIRMATIONS_PER_ADDRESS} confirmations a day, with the ticket number only; later tickets still reach the shop`, async () => {
    const email = uniqueEmail('ticket-relay');
    const spam = { subject: 'Cheap pills', message: 'Visit https://spam.example/buy now, great prices!' };
    const numbers: string[] = [];
    for (let i = 0; i <= TICKET_CONFIRMATIONS_PER_ADDRESS; i++) {
      const res = await send(form(email, { ...spam, name: 'Visit https://spam.example' }), newClientIp());
      expect(res.status).toBe(201);
      numbers.push(res.body.ticketNumber!);
    }
    for (const n of numbers) expect(await getItem(ticketEntity.key(n))).toMatchObject({ ticket_number: n });

    // Every ticket's copy has reached the shop and the sender has the confirmations due; once every queued
    // e-mail is handled, that is all the sender will get.
    const settings = (await api<{ contact_email: string }>('/api/settings')).body;
    const last = numbers[numbers.length - 1];
    const copyOf = (n: string) => (m: CapturedEmail) => m.subject === `New Lead/Support Ticket: ${n}`;
    for (const n of numbers) await waitForMail(settings.contact_email, 1, undefined, copyOf(n));
    await waitForMail(email, TICKET_CONFIRMATIONS_PER_ADDRESS);
    await waitForQueueDrained('email-jobs');
    const shop = await waitForMail(settings.contact_email, 1, undefined, copyOf(last));
    expect(shop.find(copyOf(last))?.text).toContain('https://spam.example/buy');
    const confirmations = await waitForMail(email, 1);
    expect(confirmations).toHaveLength(TICKET_CONFIRMATIONS_PER_ADDRESS);
    for (const mail of confirmations) {
      expect(numbers.slice(0, -1).some((n) => mail.subject.includes(n) && mail.text.includes(n))).toBe(true);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toMatch(/spam\.example|Cheap pills|great prices/);
      }
    }
    expect(confirmations.map((m) => m.text).join('\n')).not.toContain(last);
  });
});
