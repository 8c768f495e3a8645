import { randomInt, randomUUID } from 'node:crypto';
import { customer, rateLimit } from '../../functions/lib/entities';
import { scopeOf } from '../../functions/lib/rate-limit';
import { CHECKOUT_LIMIT_PER_EMAIL } from '../../shared/constants';
import { adminCustomerMessages as m } from '../../shared/messages';
import { toCents } from '../../shared/rules/money';
import { type AdminCustomerDetail, ZAdminCustomerDetail } from '../../shared/schemas/admin-customer';
import { type AdminCustomerList, ZAdminCustomerList } from '../../shared/schemas/admin-customer-list';
import type { OrderConfirmation } from '../../shared/schemas/order';
import type { Product } from '../../shared/schemas/product';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { createPlainUser, signIn } from '../support/cognito';
import { getItem, putItem } from '../support/db';
import { api, stack } from '../support/stack';

jest.setTimeout(120_000);

type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string> } };

let token: string;
let product: Product;

const call = <T>(method: string, path: string, body?: unknown, bearer = token) =>
  api<T & ErrorBody>(path, {
    method,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const list = (query: Record<string, string>) =>
  call<AdminCustomerList>('GET', `/api/admin/customers?${new URLSearchParams(query)}`);
const detail = (id: string) => call<AdminCustomerDetail>('GET', `/api/admin/customers/${id}`);
const edit = (id: string, body: unknown) =>
  call<AdminCustomerDetail>('PUT', `/api/admin/customers/${id}`, body);

/** Letters only: a valid last name that no other test uses, so searches here see only these customers. */
const marker = () => `Zc${Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('')}`;

async function order(
  email: string,
  lastName: string,
  quantity: number,
  firstName = 'Ann',
): Promise<OrderConfirmation> {
  const res = await postOrder(
    checkoutBody(email, [{ productId: product.id, quantity }], { firstName, lastName }),
  );
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as unknown as OrderConfirmation;
}

const validEdit = (name: string) => ({
  name,
  phone: '(512) 555-0199',
  address: { street: '22 Oak Ave', city: 'Dallas', state: 'tx', zip: '75201' },
});

beforeAll(async () => {
  token = (await signIn(stack().admin.email, stack().admin.password)).idToken;
  product = (await catalogue()).find((p) => p.inStock)!;
});

describe('admin customers: access', () => {
  it('refuses anonymous and non-admin callers on every customers route', async () => {
    const email = `plain-${randomUUID().slice(0, 8)}@example.com`;
    await createPlainUser(email, 'Str0ng!Passw0rd');
    const plain = (await signIn(email, 'Str0ng!Passw0rd')).idToken;
    const id = customer.idOf('someone@example.com');
    for (const [method, path, body] of [
      ['GET', '/api/admin/customers', undefined],
      ['GET', `/api/admin/customers/${id}`, undefined],
      ['PUT', `/api/admin/customers/${id}`, validEdit('Ann Lee')],
    ] as const) {
      expect((await call(method, path, body, plain)).status).toBe(403);
      const anonymous = await api(path, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
      expect(anonymous.status).toBe(401);
    }
  });
});

describe('admin customers: list, detail and edit over real checkouts', () => {
  const surname = marker();
  // Ann: 1 order of 1 box; Bob: 2 orders (1 + 2 boxes); Cat: 3 orders (1 + 1 + 3 boxes). Placed in that order.
  const people = [
    { first: 'Ann', boxes: [1] },
    { first: 'Bob', boxes: [1, 2] },
    { first: 'Cat', boxes: [1, 1, 3] },
  ];
  const placed: Record<string, { email: string; id: string; orders: OrderConfirmation[] }> = {};

  beforeAll(async () => {
    for (const p of people) {
      const email = uniqueEmail(p.first.toLowerCase());
      placed[p.first] = { email, id: customer.idOf(email), orders: [] };
    }
    // Interleaved so that each customer's first and last orders are distinct instants in a known order.
    for (const [first, n] of [
      ['Bob', 0],
      ['Cat', 0],
      ['Cat', 1],
      ['Ann', 0],
      ['Bob', 1],
      ['Cat', 2],
    ] as const) {
      const p = people.find((x) => x.first === first)!;
      const o = await order(placed[first].email, surname, p.boxes[n], first);
      placed[first].orders.push(o);
      // Let the instants differ.
      await new Promise((r) => setTimeout(r, 5));
    }
  }, 120_000);

  const ids = (res: { body: AdminCustomerList }) => res.body.customers.map((c) => c.id);

  it('lists the new customers newest last order first, with exact counts and aggregates', async () => {
    const res = await list({ q: surname });
    expect(res.status).toBe(200);
    expect(ZAdminCustomerList.safeParse(res.body).success).toBe(true);
    expect(res.body.total).toBe(3);
    expect(ids(res)).toEqual([placed.Cat.id, placed.Bob.id, placed.Ann.id]);
    const cat = res.body.customers[0];
    const catOrders = placed.Cat.orders;
    expect(cat.totalOrders).toBe(3);
    expect(toCents(cat.totalAmount)).toBe(catOrders.reduce((sum, o) => sum + toCents(o.total), 0));
    expect(cat.firstOrderDate).toBe(catOrders[0].createdAt);
    expect(cat.lastOrderDate).toBe(catOrders[2].createdAt);
    expect(cat.name).toBe(`Cat ${surname}`);
  });

  it('filters by order count, amount, dates and inactivity, and searches only the chosen fields', async () => {
    const q = { q: surname };
    expect(ids(await list({ ...q, minOrders: '2' }))).toEqual([placed.Cat.id, placed.Bob.id]);
    expect(ids(await list({ ...q, maxOrders: '1' }))).toEqual([placed.Ann.id]);
    expect(ids(await list({ ...q, minOrders: '2', maxOrders: '2' }))).toEqual([placed.Bob.id]);
    const annTotal = placed.Ann.orders[0].total;
    // Ann's one box is the smallest total; Bob's three boxes and Cat's five are more.
    expect(ids(await list({ ...q, maxAmount: annTotal.toFixed(2) }))).toEqual([placed.Ann.id]);
    expect((await list({ ...q, minAmount: (annTotal + 0.01).toFixed(2) })).body.total).toBe(2);
    // Last order at or after Bob's second order: Bob and Cat. First order at or before Cat's first: Bob and Cat.
    const bobLast = placed.Bob.orders[1].createdAt;
    expect(ids(await list({ ...q, lastOrderFrom: bobLast }))).toEqual([placed.Cat.id, placed.Bob.id]);
    expect(ids(await list({ ...q, firstOrderTo: placed.Cat.orders[0].createdAt }))).toEqual([
      placed.Cat.id,
      placed.Bob.id,
    ]);
    expect(
      ids(await list({ ...q, firstOrderFrom: placed.Ann.orders[0].createdAt, firstOrderTo: bobLast })),
    ).toEqual([placed.Ann.id]);
    // Everyone ordered just now: nobody's last order is more than a day old.
    expect((await list({ ...q, inactiveDays: '1' })).body.total).toBe(0);
    // The surname is in the name, not in the e-mail or the phone.
    expect((await list({ ...q, fields: 'email,phone' })).body.total).toBe(0);
    expect((await list({ q: placed.Bob.email.toUpperCase(), fields: 'email' })).body.total).toBe(1);
    const paged = await list({ ...q, pageSize: '10', page: '2' });
    expect(paged.body).toMatchObject({ customers: [], total: 3, page: 2 });
  });

  it('refuses each malformed filter with a 400 naming it', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ minOrders: '-1' }, 'minOrders', m.invalidOrderCount],
      [{ maxOrders: 'many' }, 'maxOrders', m.invalidOrderCount],
      [{ minAmount: '-5' }, 'minAmount', m.invalidAmount],
      [{ maxAmount: '1.005' }, 'maxAmount', m.invalidAmount],
      [{ fields: 'address' }, 'fields', m.invalidSearchFields],
      [{ lastOrderTo: 'yesterday' }, 'lastOrderTo', m.invalidDate],
      [{ firstOrderFrom: '2026-02-30T00:00:00Z' }, 'firstOrderFrom', m.invalidDate],
      [{ inactiveDays: '0' }, 'inactiveDays', m.invalidInactiveDays],
      [{ minOrders: '3', maxOrders: '1' }, 'maxOrders', m.orderRange],
      [{ pageSize: '7' }, 'pageSize', m.invalidPageSize],
    ];
    for (const [query, field, message] of cases) {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation', message, fields: { [field]: message } });
    }
  });

  it('shows the detail: profile, aggregates and the latest orders, newest first', async () => {
    const res = await detail(placed.Cat.id);
    expect(res.status).toBe(200);
    expect(ZAdminCustomerDetail.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      id: placed.Cat.id,
      email: placed.Cat.email,
      totalOrders: 3,
      address: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
    });
    expect(res.body.recentOrders.map((o) => o.orderId)).toEqual(
      placed.Cat.orders.map((o) => o.orderId).reverse(),
    );
    expect(res.body.recentOrders[0]).toMatchObject({ status: 'pending', paidAmount: 0 });
  });

  it('answers 404 Customer not found for an unknown or malformed id, and writes nothing', async () => {
    const unknown = customer.idOf(`nobody-${randomUUID()}@example.com`);
    for (const id of [unknown, 'not-an-id', placed.Ann.email]) {
      const res = await detail(encodeURIComponent(id));
      expect(res.status).toBe(404);
      expect(res.body.error?.message).toBe(m.notFound);
    }
    const put = await edit(unknown, validEdit('Ghost Person'));
    expect(put.status).toBe(404);
    expect(put.body.error?.message).toBe(m.notFound);
    expect(await getItem(customer.keyById(unknown))).toBeUndefined();
  });

  it('refuses a bad edit with the checkout rules and their messages, and changes nothing', async () => {
    const before = await getItem(customer.keyById(placed.Bob.id));
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...validEdit(' '), name: ' ' }, 'name', m.nameRequired],
      [{ ...validEdit('Bob Z'), phone: '12' }, 'phone', 'Please enter a valid phone number'],
      [
        { ...validEdit('Bob Z'), address: { ...validEdit('x').address, zip: '7520' } },
        'address.zip',
        'Valid ZIP code is required',
      ],
      [
        { ...validEdit('Bob Z'), address: { ...validEdit('x').address, state: 'Texas' } },
        'address.state',
        'Valid state code is required',
      ],
      [
        { ...validEdit('Bob Z'), address: { ...validEdit('x').address, street: '' } },
        'address.street',
        'Address is required',
      ],
      [{ name: 'Bob Z' }, 'phone', 'Please enter a valid phone number'],
    ];
    for (const [body, field, message] of cases) {
      const res = await edit(placed.Bob.id, body);
      expect(res.status).toBe(400);
      expect(res.body.error?.fields?.[field]).toBe(message);
    }
    const broken = await api<ErrorBody>(`/api/admin/customers/${placed.Bob.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(broken.status).toBe(400);
    expect(await getItem(customer.keyById(placed.Bob.id))).toEqual(before);
  });

  it('saves an edit: the detail and the list show it, the aggregates stay, the change is stamped', async () => {
    const before = (await getItem(customer.keyById(placed.Ann.id)))!;
    const newName = `Annie ${surname}`;
    // Fields outside the edit (aggregates) are ignored, never written.
    const res = await edit(placed.Ann.id, {
      ...validEdit(`  ${newName} `),
      total_orders: 99,
      totalOrders: 99,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: newName,
      phone: '(512) 555-0199',
      address: { street: '22 Oak Ave', city: 'Dallas', state: 'TX', zip: '75201' },
      totalOrders: 1,
    });
    const stored = (await getItem(customer.keyById(placed.Ann.id)))!;
    expect(stored.total_orders).toBe(before.total_orders);
    expect(stored.total_amount).toBe(before.total_amount);
    expect(stored.last_order_date).toBe(before.last_order_date);
    expect(String(stored.updated_at) > String(before.updated_at)).toBe(true);
    expect(stored.gsi5sk).toBe(customer.changeIndexById(String(stored.updated_at), placed.Ann.id).gsi5sk);
    expect(Number(stored.revision)).toBe(Number(before.revision) + 1);

    expect((await detail(placed.Ann.id)).body.name).toBe(newName);
    const found = await list({ q: `annie ${surname}`, fields: 'name' });
    expect(ids(found)).toEqual([placed.Ann.id]);
    expect(found.body.customers[0]).toMatchObject({ name: newName, phone: '(512) 555-0199', totalOrders: 1 });
  });
});

describe('admin customers: aggregates under concurrent checkouts', () => {
  it('counts every one of simultaneous orders by the same e-mail, in the record, the detail and the list', async () => {
    const surname = marker();
    const email = uniqueEmail('same');
    const id = customer.idOf(email);
    // Six at once is one more than an e-mail may place in an hour: this e-mail's checkout window starts one
    // below zero (a real seller's sixth order would wait; the aggregates are what this test is about).
    const boxes = [1, 2, 3, 1, 2, 3];
    await putItem({
      ...rateLimit.key(scopeOf('checkout', 'email', email)),
      entity: 'rate-limit',
      count: CHECKOUT_LIMIT_PER_EMAIL - boxes.length,
      window_end: Date.now() + 3_600_000,
    });
    // Warm the list's cache first, so it must learn of the orders as changes.
    await list({ q: surname });
    const orders = await Promise.all(boxes.map((n) => order(email, surname, n)));
    const cents = orders.reduce((sum, o) => sum + toCents(o.total), 0);
    const stored = (await getItem(customer.keyById(id)))!;
    expect(stored.total_orders).toBe(6);
    expect(toCents(Number(stored.total_amount))).toBe(cents);
    expect(Number(stored.revision)).toBe(6);

    const one = await detail(id);
    expect(one.body.totalOrders).toBe(6);
    expect(one.body.recentOrders).toHaveLength(5);
    // Newest first, and the one left out is not newer than any shown (simultaneous orders may share an instant).
    const shown = one.body.recentOrders.map((o) => o.createdAt);
    expect(shown).toEqual([...shown].sort().reverse());
    const left = orders.filter((o) => !one.body.recentOrders.some((r) => r.orderId === o.orderId));
    expect(left).toHaveLength(1);
    expect(left[0].createdAt <= shown[4]).toBe(true);

    const res = await list({ q: surname });
    expect(res.body.total).toBe(1);
    expect(res.body.customers[0]).toMatchObject({ id, totalOrders: 6 });
    expect(toCents(res.body.customers[0].totalAmount)).toBe(cents);
  });
});

describe('admin customers: odd input', () => {
  it('answers every odd query, path and body with a 4xx, never a 500', async () => {
    const id = customer.idOf(`odd-${randomUUID()}@example.com`);
    const queries = [
      'fields=,',
      'fields=name,,email',
      'q=%00%0A',
      `q=${'é'.repeat(100)}`,
      'minOrders=1e3',
      'minAmount=NaN',
      'maxAmount=Infinity',
      'inactiveDays=09',
      'page=1&page=2',
      'lastOrderFrom=2026-01-01',
      'firstOrderTo=%20',
    ];
    for (const query of queries) {
      const res = await call('GET', `/api/admin/customers?${query}`);
      expect([200, 400]).toContain(res.status);
    }
    const bodies: unknown[] = [
      null,
      [],
      'text',
      { name: 5, phone: true, address: 'somewhere' },
      { ...validEdit('Odd Person'), address: null },
      { ...validEdit('x'.repeat(5000)) },
      { ...validEdit('Odd Person'), address: { ...validEdit('x').address, city: ['Austin'] } },
    ];
    for (const body of bodies) {
      const res = await edit(id, body);
      expect(res.status).toBe(400);
    }
    expect((await detail('%E0%A4%A')).status).toBeLessThan(500);
    expect(await getItem(customer.keyById(id))).toBeUndefined();
  });
});

describe('admin customers: records of the old backend', () => {
  it('reads a record without an id attribute, its address as JSON text and no orders', async () => {
    const surname = marker();
    const email = uniqueEmail('legacy');
    const id = customer.idOf(email);
    const at = new Date().toISOString();
    await putItem({
      ...customer.key(email),
      ...customer.changeIndex(at, email),
      entity: 'customer',
      email,
      name: `Lee ${surname}`,
      phone: '',
      address: JSON.stringify({ street: '9 Elm St', city: 'Reno', state: 'NV', zip: '89501' }),
      total_orders: '2',
      total_amount: '40.5',
      created_at: at,
      updated_at: at,
    });
    const one = await detail(id);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id,
      totalOrders: 2,
      totalAmount: 40.5,
      firstOrderDate: null,
      address: { street: '9 Elm St', city: 'Reno', state: 'NV', zip: '89501' },
      recentOrders: [],
    });
    const found = await list({ q: surname });
    expect(found.body.customers).toEqual([
      expect.objectContaining({ id, totalOrders: 2, lastOrderDate: null }),
    ]);
    // Without a last order it is outside every last-order range, and not 'inactive' either.
    expect((await list({ q: surname, lastOrderTo: at })).body.total).toBe(0);
    expect((await list({ q: surname, inactiveDays: '1' })).body.total).toBe(0);
  });
});
