import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';

process.env.TABLE_NAME = 'test-table';
const ddb = mockClient(DynamoDBDocumentClient);
// Imported after the mock so the module-scope client is the mocked one.
const { loadDashboard } = require('./dashboard') as typeof import('./dashboard');

const NOW = new Date('2026-11-26T12:00:00.000Z');

beforeEach(() => {
  ddb.reset();
  ddb.on(QueryCommand).callsFake((input: { ExpressionAttributeValues: Record<string, string> }) => {
    const pk = input.ExpressionAttributeValues[':pk'];
    if (pk === 'STATS') {
      return {
        Items: [
          // A deployment from before the shards: its one item still counts.
          { pk: 'STATS', sk: 'ORDERS', entity: 'stats', order_count: 10, status_completed: 2 },
          ...[
            { order_count: 1, status_pending: 1 },
            {
              order_count: 2,
              status_completed: 1,
              completed_paid_amount: 30.1,
              completed_total_amount: 30.1,
            },
            { completed_paid_amount: 0.2, completed_total_amount: 0.2 },
          ].map((counts, shard) => ({ pk: 'STATS', sk: `ORDERS#${shard}`, entity: 'stats', ...counts })),
        ],
      };
    }
    if (pk === 'STATS#DAILY') {
      return {
        Items: [
          { pk: 'STATS#DAILY', sk: '2026-11-25', orders_received: 4, amount_paid: 12.5 },
          { pk: 'STATS#DAILY', sk: '2026-11-25#1', orders_received: 1 },
          { pk: 'STATS#DAILY', sk: '2026-11-26#0', orders_received: 2, amount_paid: 0.1 },
          { pk: 'STATS#DAILY', sk: '2026-11-26#7', orders_received: 1, amount_paid: 0.2 },
        ],
      };
    }
    return { Items: [] };
  });
});

describe('dashboard over sharded counters', () => {
  it('sums the shards and the pre-shard item into the figures and each day of the chart', async () => {
    const dashboard = await loadDashboard(NOW);
    expect(dashboard).toMatchObject({
      inboundShipments: 13,
      completedOrders: 3,
      totalPayments: 30.3,
      averageOrderValue: 10.1,
    });
    expect(dashboard.daily.at(-2)).toEqual({ date: '2026-11-25', ordersReceived: 5, amountPaid: 12.5 });
    expect(dashboard.daily.at(-1)).toEqual({ date: '2026-11-26', ordersReceived: 3, amountPaid: 0.3 });
  });

  it('reads the figures in one request and the chart in one, whatever the number of shards', async () => {
    await loadDashboard(NOW);
    const queries = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    const of = (pk: string) => queries.filter((q) => q.ExpressionAttributeValues?.[':pk'] === pk);
    expect(of('STATS')).toHaveLength(1);
    expect(of('STATS')[0]).toMatchObject({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':prefix': 'ORDERS' },
    });
    expect(of('STATS#DAILY')).toHaveLength(1);
    expect(of('STATS#DAILY')[0].ExpressionAttributeValues).toMatchObject({
      ':from': '2026-10-28',
      ':to': '2026-11-26#~',
    });
    expect(queries).toHaveLength(3);
  });
});
