/**
 * @local-stack exclusive: it reads the shop's order counters against the list.
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { counters, dayOf } from '../../functions/lib/entities';
import { adminOrderMessages } from '../../shared/messages';
import { type AdminOrderList, ZAdminOrderList } from '../../shared/schemas/admin-order-list';
import { type Dashboard, ZDashboard } from '../../shared/schemas/dashboard';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { signIn } from '../support/cognito';
import { dayCounters, orderCounters, testDb } from '../support/db';
import { api, stack } from '../support/stack';

let token: string;
const asAdmin = <T>(path: string) => api<T>(path, { headers: { authorization: `Bearer ${token}` } });
jest.setTimeout(60_000);

const list = (query: Record<string, string>) =>
  asAdmin<AdminOrderList>(`/api/admin/orders?${new URLSearchParams(query)}`);

describe('back office: orders list and dashboard', () => {
  // One surname no other test uses, so searches here see only these orders.
  const surname = `Zq${randomUUID().slice(0, 6)}`;
  const placed: Array<{ orderId: string; total: number; createdAt: string; email: string }> = [];

  beforeAll(async () => {
    token = (await signIn(stack().admin.email, stack().admin.password)).idToken;
    const [first, second] = await catalogue();
    const carts = [
      [{ productId: first.id, quantity: 1 }],
      [{ productId: second.id, quantity: 2 }],
      [
        { productId: first.id, quantity: 3 },
        { productId: second.id, quantity: 1 },
      ],
    ];
    for (const [i, items] of carts.entries()) {
      const email = uniqueEmail(`list${i}`);
      const payout = i === 1 ? { method: 'paypal', paypalEmail: email } : { method: 'check' };
      const res = await postOrder(checkoutBody(email, items, { lastName: surname, payout }));
      expect(res.status).toBe(201);
      const body = res.body as { orderId: string; total: number; createdAt: string };
      placed.push({ orderId: body.orderId, total: body.total, createdAt: body.createdAt, email });
    }
  });

  it('finds the new orders by surname, newest first, with the exact count', async () => {
    const res = await list({ q: surname.toUpperCase() });
    expect(res.status).toBe(200);
    expect(ZAdminOrderList.safeParse(res.body).success).toBe(true);
    expect(res.body.total).toBe(3);
    expect(res.body.orders.map((o) => o.orderId)).toEqual(placed.map((p) => p.orderId).reverse());
    expect(res.body.orders[0]).toMatchObject({ status: 'pending', shipmentStatus: 'pending', paidAmount: 0 });
  });

  it('searches by order number and e-mail too', async () => {
    expect((await list({ q: placed[1].orderId.toLowerCase() })).body.orders.map((o) => o.orderId)).toEqual([
      placed[1].orderId,
    ]);
    expect((await list({ q: placed[2].email })).body.total).toBe(1);
  });

  it('filters by payment method, amount and date range, and pages', async () => {
    const paypal = await list({ q: surname, paymentMethod: 'paypal' });
    expect(paypal.body.orders.map((o) => o.orderId)).toEqual([placed[1].orderId]);
    const totals = placed.map((p) => p.total).sort((a, b) => a - b);
    const cheap = await list({ q: surname, maxAmount: String(totals[0]) });
    expect(cheap.body.total).toBe(1);
    const none = await list({
      q: surname,
      createdTo: new Date(Date.parse(placed[0].createdAt) - 1).toISOString(),
    });
    expect(none.body.total).toBe(0);
    const all = await list({ q: surname, createdFrom: placed[0].createdAt, createdTo: placed[2].createdAt });
    expect(all.body.total).toBe(3);
    expect((await list({ q: surname, status: 'completed' })).body.total).toBe(0);
    const everything = await list({ pageSize: '10', page: '1' });
    expect(everything.body.total).toBeGreaterThanOrEqual(3);
    expect(everything.body.orders.length).toBeLessThanOrEqual(10);
  });

  it('refuses malformed filters with a 400 naming the field', async () => {
    const res = await list({ pageSize: '20' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: { code: 'validation', fields: { pageSize: adminOrderMessages.invalidPageSize } },
    });
    expect((await list({ minAmount: 'lots' })).body).toMatchObject({
      error: { fields: { minAmount: adminOrderMessages.invalidAmountFilter } },
    });
    expect((await list({ status: 'lost' })).status).toBe(400);
  });

  it('shows a completion e-mail as queued, then as sent once the e-mail worker has delivered it', async () => {
    const { orderId } = placed[0];
    const done = await api<{ order: { emailDeliveryStatus: string | null } }>(
      `/api/admin/orders/${orderId}/status`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'completed' }),
      },
    );
    expect(done.status).toBe(200);
    expect(['queued', 'sent']).toContain(done.body.order.emailDeliveryStatus);
    const deadline = Date.now() + 20_000;
    let status: string | null = null;
    while (Date.now() < deadline) {
      status = (await asAdmin<{ emailDeliveryStatus: string | null }>(`/api/admin/orders/${orderId}`)).body
        .emailDeliveryStatus;
      if (status === 'sent') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe('sent');
  });

  it('answers the dashboard from the counters: inbound shipments, today on the chart, the newest orders', async () => {
    const res = await asAdmin<Dashboard>('/api/admin/dashboard');
    expect(res.status).toBe(200);
    expect(ZDashboard.safeParse(res.body).success).toBe(true);
    const stats = await orderCounters();
    expect(res.body.inboundShipments).toBe(Number(stats?.order_count));
    expect(res.body.daily).toHaveLength(30);
    const today = res.body.daily.at(-1)!;
    expect(today.date).toBe(dayOf(new Date()));
    expect(today.ordersReceived).toBe(Number((await dayCounters(today.date)).orders_received));
    expect(today.ordersReceived).toBeGreaterThanOrEqual(3);
    expect(res.body.recentOrders.length).toBeLessThanOrEqual(7);
    expect(res.body.recentOrders.map((o) => o.orderId)).toContain(placed[2].orderId);
  });

  it('adds the counters items from before the shards to the figures and the chart (an upgraded deployment)', async () => {
    const today = dayOf(new Date());
    // What a deployment from before the shards holds: one order counters item and one item per day.
    const legacy = async (sign: 1 | -1) => {
      await testDb().send(
        new UpdateCommand({
          TableName: stack().tableName,
          Key: counters.ordersUnsharded(),
          UpdateExpression: 'ADD order_count :n',
          ExpressionAttributeValues: { ':n': sign * 1000 },
        }),
      );
      await testDb().send(
        new UpdateCommand({
          TableName: stack().tableName,
          Key: counters.dayUnsharded(today),
          UpdateExpression: 'ADD orders_received :n',
          ExpressionAttributeValues: { ':n': sign * 500 },
        }),
      );
    };
    await legacy(1);
    try {
      const res = await asAdmin<Dashboard>('/api/admin/dashboard');
      expect(res.status).toBe(200);
      // The shards hold this file's orders at least: the figures are old + shards.
      expect(res.body.inboundShipments).toBeGreaterThanOrEqual(1000 + placed.length);
      expect(res.body.daily.at(-1)).toMatchObject({ date: today });
      expect(res.body.daily.at(-1)!.ordersReceived).toBeGreaterThanOrEqual(500 + placed.length);
    } finally {
      await legacy(-1);
    }
  });
});
