/**
 * Tickets as staff read and change them. A status change is one TransactWriteItems: the ticket, conditional on
 * having the other status, and the ticket counters, so the counters move exactly once per real change however
 * many staff click at once. A condition that fails means the ticket is already there (a no-op), gone (404),
 * or was flipped back in between (try again).
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TicketStatus } from '../../shared/constants.js';
import { adminTicketMessages as m } from '../../shared/messages.js';
import type { AdminTicketDetail, SetTicketStatusResponse } from '../../shared/schemas/admin-ticket.js';
import type { Clock } from '../lib/clock.js';
import { db, tableName } from '../lib/db.js';
import { CHANGE_TOUCH, counters, ticket as ticketEntity } from '../lib/entities.js';
import { AppError } from '../lib/errors.js';
import { log } from '../lib/log.js';
import { isLostRace, pause } from '../lib/races.js';
import { type StoredTicket, toTicketDetail } from './ticket-views.js';

/** Ten staff clicking at once on one ticket all get an answer; past this many lost races, 409. */
const MAX_ATTEMPTS = 8;

export async function getTicket(ticketNumber: string): Promise<AdminTicketDetail> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: ticketEntity.key(ticketNumber), ConsistentRead: true }),
  );
  if (!Item) throw new AppError('not_found', m.notFound);
  return toTicketDetail(Item as StoredTicket);
}

/** 'Total Tickets': every ticket ever opened, from the counters (one GetItem). */
export async function countTickets(): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: counters.tickets() }));
  return Number(Item?.ticket_count ?? 0);
}

const other = (status: TicketStatus): TicketStatus => (status === 'open' ? 'closed' : 'open');

function statusChange(ticketNumber: string, to: TicketStatus, at: string) {
  const from = other(to);
  const delta = to === 'closed' ? 1 : -1;
  return new TransactWriteCommand({
    TransactItems: [
      {
        Update: {
          TableName: tableName(),
          Key: ticketEntity.key(ticketNumber),
          UpdateExpression: `SET #status = :to, ${CHANGE_TOUCH}`,
          // A ticket stored without a status counts as open (toTicketRow reads it so).
          ConditionExpression:
            from === 'open'
              ? 'attribute_exists(pk) AND (#status = :from OR attribute_not_exists(#status))'
              : 'attribute_exists(pk) AND #status = :from',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':to': to,
            ':from': from,
            ...ticketEntity.touchValues(ticketNumber, at),
          },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: counters.tickets(),
          UpdateExpression: 'SET entity = :entity ADD status_closed :closed, status_open :open',
          ExpressionAttributeValues: { ':entity': 'stats', ':closed': delta, ':open': -delta },
        },
      },
    ],
  });
}

export async function setTicketStatus(
  ticketNumber: string,
  to: TicketStatus,
  now: Clock,
): Promise<SetTicketStatusResponse> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    try {
      await db.send(statusChange(ticketNumber, to, now().toISOString()));
      return { ticket: await getTicket(ticketNumber), changed: true };
    } catch (error) {
      if (!isLostRace(error)) throw error;
    }
    // Already there (a second click, another staff member) is an answer; a missing ticket is a 404.
    const current = await getTicket(ticketNumber);
    if (current.status === to) return { ticket: current, changed: false };
    log('info', 'ticket status change lost a race, trying again', { ticketNumber, attempt });
    if (attempt < MAX_ATTEMPTS) await pause(attempt);
  }
  throw new AppError('conflict', m.updateFailed);
}
