/**
 * The support tickets list at two sizes of shop: the first page, a status filter, a search (all fields or one)
 * and page changes of a filter, at 1,000 and then at 100,000 tickets, through the local API with a staff token.
 * ARCHITECTURE.md's budget: latency at 100,000 tickets at most 1.2x that at 1,000. The lead wires
 * `benchTickets` into run.ts (after the parts that need a small table: it grows the table).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { REFRESH_OVERLAP_MS } from '../../functions/lib/change-cache.js';
import { counters, type TicketItem, ticket } from '../../functions/lib/entities.js';
import { TICKET_SEARCH_FIELDS } from '../../shared/constants.js';
import type { LocalStackInfo } from '../support/local-stack-process.js';
import { measure, pick, putAll, round, type Scenario, staffToken } from './back-office.js';

const FIRST = ['Ann', 'Bob', 'Cara', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivan', 'Jo'];
const LAST = ['Lee', 'Smith', 'Jones', 'Garcia', 'Nguyen', 'Brown', 'Patel', 'Kim', 'Lopez', 'Young'];
const SUBJECTS = [
  'Label question',
  'Payment status',
  'Expired strips',
  'Bulk sale',
  'Shipping box',
  'Refund',
];
const SENTENCES = [
  'I mailed my box last week and wanted to check it arrived.',
  'Do you accept test strips that expire in four months?',
  'My payment has not shown up in my PayPal account yet.',
  'Can I sell CGM sensors with a damaged outer sleeve?',
  'I have a large quantity from a clinic and would like a quote.',
  'The prepaid label would not print, please send it again.',
];
/** A surname only a few tickets carry, so the rare search's answer stays the same share at both scales. */
const RARE_SURNAME = 'Quillfeather';

/** A contact-form ticket (keys from the entity declarations), opened within the last year. */
function syntheticTicket(now: number, index: number): TicketItem {
  const number = `B-${String(index).padStart(7, '0')}`;
  const createdAt = new Date(now - randomInt(365 * 86_400) * 1000).toISOString();
  // Written now: the list's cache reads changes by their time, as it does for every real write.
  const updatedAt = new Date(now).toISOString();
  const first = pick(FIRST);
  const last = index % 2000 === 0 ? RARE_SURNAME : pick(LAST);
  const phone = `555${String(randomInt(10_000_000)).padStart(7, '0')}`;
  const body = Array.from({ length: 1 + randomInt(3) }, () => pick(SENTENCES)).join(' ');
  const item: TicketItem = {
    id: randomUUID(),
    ticket_number: number,
    name: `${first} ${last}`,
    email: `${first}.${last}.${index}@example.com`.toLowerCase(),
    phone,
    subject: pick(SUBJECTS),
    message: `Phone: ${phone}\n\n${body}`,
    tag: randomInt(5) === 0 ? 'lead' : 'support',
    status: randomInt(10) < 3 ? 'closed' : 'open',
    created_at: createdAt,
    updated_at: updatedAt,
  };
  return { ...ticket.key(number), entity: 'ticket', ...ticket.indexes(item), ...item } as TicketItem;
}

/** Adds `count` tickets straight to the table (BatchWrite, several in flight) and moves the counters by them. */
async function addTickets(db: DynamoDBDocumentClient, tableName: string, from: number, count: number) {
  const now = Date.now();
  const tickets = Array.from({ length: count }, (_, i) => syntheticTicket(now, from + i));
  await putAll(db, tableName, tickets);
  const count_ = (test: (t: TicketItem) => boolean) => tickets.filter(test).length;
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: counters.tickets(),
      UpdateExpression:
        'SET entity = :entity ADD ticket_count :n, status_open :open, status_closed :closed, tag_support :support, tag_lead :lead',
      ExpressionAttributeValues: {
        ':entity': 'stats',
        ':n': count,
        ':open': count_((t) => t.status === 'open'),
        ':closed': count_((t) => t.status === 'closed'),
        ':support': count_((t) => t.tag === 'support'),
        ':lead': count_((t) => t.tag === 'lead'),
      },
    }),
  );
}

async function ticketCount(db: DynamoDBDocumentClient, tableName: string): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: counters.tickets() }));
  return Number(Item?.ticket_count ?? 0);
}

/** Each request of a scenario differs (status, search text and field, page), so no answer is simply repeated. */
const SCENARIOS: Scenario[] = [
  { name: 'tickets list, first page', path: '/api/admin/tickets' },
  {
    name: 'tickets list, status filter',
    path: () =>
      `/api/admin/tickets?status=${pick(['open', 'closed'])}&tag=${pick(['all', 'support', 'lead'])}`,
  },
  {
    name: 'tickets list, search',
    // What staff type: a name (common or rare), a whole name, part of an e-mail or ticket number, a subject word.
    path: () => {
      const q = pick([
        pick(FIRST),
        pick(LAST),
        RARE_SURNAME,
        `${pick(FIRST)} ${pick(LAST)}`,
        `b-00${randomInt(10)}${randomInt(10)}`,
        pick(['label', 'payment', 'refund', 'sensors']),
      ]).toLowerCase();
      return `/api/admin/tickets?q=${encodeURIComponent(q)}&field=${pick(TICKET_SEARCH_FIELDS)}`;
    },
  },
  {
    name: 'tickets list, page changes of a filter',
    path: () => `/api/admin/tickets?status=open&page=${1 + randomInt(20)}`,
  },
];

export async function benchTickets(
  info: LocalStackInfo,
  connections: number,
  durationSec: number,
  sizes: readonly number[] = [1_000, 100_000],
) {
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: info.urls.dynamodb,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  try {
    const token = await staffToken(info);
    const bySize: Record<string, { seedSeconds: number; scenarios: Awaited<ReturnType<typeof measure>> }> =
      {};
    for (const size of sizes) {
      const have = await ticketCount(db, info.tableName);
      const started = performance.now();
      const seedStart = Date.now();
      if (size > have) await addTickets(db, info.tableName, have, size - have);
      const seedSeconds = round((performance.now() - started) / 1000, 1);
      // The list's cache reads again every change of the last REFRESH_OVERLAP_MS on each request: right after a
      // bulk load that is the whole load, every time. Measure the steady state, once that window has passed.
      const settle = seedStart + REFRESH_OVERLAP_MS + 1000 - Date.now();
      if (settle > 0) await new Promise((resolve) => setTimeout(resolve, settle));
      // The stack was just started: a first, discarded pass warms its runtime, so the smaller size is not
      // measured on a colder process than the larger one.
      if (size === sizes[0]) await measure(info.urls.site, token, connections, 2, SCENARIOS);
      bySize[size] = {
        seedSeconds,
        scenarios: await measure(info.urls.site, token, connections, durationSec, SCENARIOS),
      };
    }
    const small = bySize[sizes[0]].scenarios;
    const large = bySize[sizes[sizes.length - 1]].scenarios;
    const ratios = Object.fromEntries(
      SCENARIOS.map(({ name }) => [
        name,
        {
          p50Ratio: round(large[name].p50Ms / Math.max(small[name].p50Ms, 1), 2),
          p99Ratio: round(large[name].p99Ms / Math.max(small[name].p99Ms, 1), 2),
        },
      ]),
    );
    return { budgetRatio: 1.2, connections, durationSec, tickets: bySize, ratios };
  } finally {
    db.destroy();
  }
}
