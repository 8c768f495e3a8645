import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db.js';
import { counters, type TicketItem, ticket as ticketEntity } from '../lib/entities.js';
import { cancellationReasons } from '../lib/rate-limit.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export class TicketNumberTaken extends Error {}

/** The caller's own writes were refused (a limit slot): their reasons, in their order. */
export class TicketWritesRefused extends Error {
  constructor(readonly reasons: Array<{ Code?: string } | undefined>) {
    super("Ticket transaction refused by the caller's writes");
  }
}

/**
 * The ticket, the ticket counters and the caller's `extra` writes (limit slots, the e-mails' outbox records) in
 * one transaction; a taken number is refused by condition.
 */
export async function writeNewTicket(ticket: TicketItem, extra: TransactItem[] = []): Promise<void> {
  const own: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...ticketEntity.key(ticket.ticket_number),
          entity: 'ticket',
          ...ticketEntity.indexes(ticket),
          ...ticket,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: counters.tickets(),
        UpdateExpression: 'SET entity = :entity ADD ticket_count :one, #open :one, #tag :one',
        ExpressionAttributeNames: { '#open': 'status_open', '#tag': `tag_${ticket.tag}` },
        ExpressionAttributeValues: { ':entity': 'stats', ':one': 1 },
      },
    },
  ];
  try {
    await db.send(new TransactWriteCommand({ TransactItems: [...own, ...extra] }));
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons?.[0]?.Code === 'ConditionalCheckFailed') throw new TicketNumberTaken();
    const theirs = reasons?.slice(own.length) ?? [];
    if (theirs.some((r) => r?.Code === 'ConditionalCheckFailed')) throw new TicketWritesRefused(theirs);
    throw error;
  }
}
