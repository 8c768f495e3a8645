/**
 * The support tickets list at two sizes of shop: the first page, a status filter, a search (all fields or one)
 * and page changes of a filter, at 1,000 and then at 100,000 tickets, through the local API with a staff token.
 * ARCHITECTURE.md's budget: latency at 100,000 tickets at most 1.2x that at 1,000.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { counters, type TicketItem, ticket } from '../../functions/lib/entities.js';
import { TICKET_SEARCH_FIELDS } from '../../shared/constants.js';
import type { LocalStackInfo } from '../support/local-stack-process.js';
import { batchPut, benchListAtSizes, type ListBenchOptions, pick, type Scenario } from './list-bench.js';

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
  await batchPut(db, tableName, tickets);
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

/** The tickets list at 1,000 and then 100,000 tickets. */
export const benchTickets = (info: LocalStackInfo, options: ListBenchOptions) =>
  benchListAtSizes(
    info,
    {
      count: ticketCount,
      add: (db, tableName, count, have) => addTickets(db, tableName, have, count),
      scenarios: SCENARIOS,
    },
    options,
  );
