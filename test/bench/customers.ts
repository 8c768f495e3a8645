/**
 * The customers list at two sizes of shop: first page, a filter, a search and page changes of a filter, at
 * 1,000 and then at 100,000 customers, through the local API with a staff token. ARCHITECTURE.md's budget:
 * latency at 100,000 at most 1.2x that at 1,000. Customers are written straight to the table with the entity
 * builders, as checkout leaves them (profile, aggregates, collection and changes keys, a revision).
 */
import { randomInt } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import { type CustomerItem, customer } from '../../functions/lib/entities.js';
import { TABLE_INDEXES } from '../../shared/runtime-env.js';
import type { LocalStackInfo } from '../support/local-stack-process.js';
import { batchPut, benchListAtSizes, type ListBenchOptions, pick, type Scenario } from './list-bench.js';

const FIRST = ['Ann', 'Bob', 'Cara', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivan', 'Jo'];
const LAST = ['Lee', 'Smith', 'Jones', 'Garcia', 'Nguyen', 'Brown', 'Patel', 'Kim', 'Lopez', 'Young'];
/** A surname only a few customers carry, so the search's answer stays small at both sizes. */
const RARE_SURNAME = 'Quillbramble';
const DAY_MS = 86_400_000;

/** A customer as checkout leaves it: 1 to 12 orders over the last two years. */
function syntheticCustomer(now: number, n: number, rare: boolean): CustomerItem {
  const first = FIRST[randomInt(FIRST.length)];
  const last = rare ? RARE_SURNAME : LAST[randomInt(LAST.length)];
  const email = `${first}.${last}.${n}.${randomInt(1e9)}@example.com`.toLowerCase();
  const orders = 1 + randomInt(12);
  const lastAt = now - randomInt(730) * DAY_MS - randomInt(DAY_MS);
  const firstAt = orders === 1 ? lastAt : lastAt - randomInt(365) * DAY_MS;
  const lastOrder = new Date(lastAt).toISOString();
  // Written now: the list's cache reads changes by their time, as it does for every real write.
  const updatedAt = new Date(now).toISOString();
  return {
    ...customer.key(email),
    entity: 'customer',
    id: customer.idOf(email),
    email,
    name: `${first} ${last}`,
    phone: `(5${String(randomInt(100)).padStart(2, '0')}) 555-${String(randomInt(10_000)).padStart(4, '0')}`,
    address: { street: `${1 + randomInt(999)} Main St`, city: 'Austin', state: 'TX', zip: '78701' },
    total_orders: orders,
    total_amount: orders * (10 + randomInt(200)),
    first_order_date: new Date(firstAt).toISOString(),
    last_order_date: lastOrder,
    created_at: new Date(firstAt).toISOString(),
    updated_at: updatedAt,
    revision: orders,
    ...customer.indexes(lastOrder, email),
    ...customer.changeIndex(updatedAt, email),
  } as CustomerItem;
}

/** How many customers the changes index holds (a Query counting one partition; the bench only). */
async function customerCount(db: DynamoDBDocumentClient, tableName: string): Promise<number> {
  const index = TABLE_INDEXES.changes;
  let count = 0;
  for await (const page of paginateQuery(
    { client: db, pageSize: 1000 },
    {
      TableName: tableName,
      IndexName: index.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': index.pk },
      ExpressionAttributeValues: { ':pk': customer.changesPartition },
      Select: 'COUNT',
    },
  )) {
    count += page.Count ?? 0;
  }
  return count;
}

/** Writes `count` customers, all stamped with one change time. */
async function addCustomers(db: DynamoDBDocumentClient, tableName: string, count: number): Promise<void> {
  const now = Date.now();
  const items = Array.from({ length: count }, (_, i) => syntheticCustomer(now, i, i % 2000 === 0));
  await batchPut(db, tableName, items);
}

const q = (query: Record<string, string>) => `/api/admin/customers?${new URLSearchParams(query)}`;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString();

/** Each request of a scenario differs (range, search text, page), so no answer is simply repeated. */
const SCENARIOS: Scenario[] = [
  { name: 'customers list, first page', path: '/api/admin/customers' },
  {
    name: 'customers list, filters',
    // What staff combine: order count and amount ranges, a last-order window, or 'inactive for N days'.
    path: () =>
      pick([
        q({ minOrders: String(1 + randomInt(6)), maxAmount: String(500 + randomInt(1500)), pageSize: '25' }),
        q({ lastOrderFrom: day(90 + randomInt(90)), lastOrderTo: day(randomInt(60)) }),
        q({ inactiveDays: pick(['30', '90', '180', '365']), minAmount: String(randomInt(200)) }),
      ]),
  },
  {
    name: 'customers list, search',
    // A first name, a surname (common or rare), a whole name, part of an e-mail, phone digits.
    path: () =>
      pick([
        q({ q: pick(FIRST) }),
        q({ q: pick(LAST), fields: 'name' }),
        q({ q: RARE_SURNAME }),
        q({ q: `${pick(FIRST)} ${pick(LAST)}` }),
        q({ q: `${pick(FIRST).toLowerCase()}.`, fields: 'email' }),
        q({ q: `555${randomInt(10)}`, fields: 'phone' }),
      ]),
  },
  {
    name: 'customers list, page changes of a filter',
    path: () => q({ minOrders: '6', page: String(1 + randomInt(20)) }),
  },
];

/** The customers list at 1,000 and then 100,000 customers. */
export const benchCustomers = (info: LocalStackInfo, options: ListBenchOptions) =>
  benchListAtSizes(info, { count: customerCount, add: addCustomers, scenarios: SCENARIOS }, options);
