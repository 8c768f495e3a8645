import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db.js';

/** A support ticket: pk TICKET#<number>, sk TICKET; listed newest first on the collection index. */
export interface TicketItem {
  id: string;
  ticket_number: string;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  tag: 'support' | 'lead';
  status: 'open' | 'closed';
  created_at: string;
  updated_at: string;
}

export const ticketKey = (ticketNumber: string) => ({ pk: `TICKET#${ticketNumber}`, sk: 'TICKET' });
export const TICKET_STATS_KEY = { pk: 'STATS', sk: 'TICKETS' };

export class TicketNumberTaken extends Error {}

/** The ticket and the ticket counters in one transaction; a taken number is refused by condition. */
export async function writeNewTicket(ticket: TicketItem): Promise<void> {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...ticketKey(ticket.ticket_number),
                entity: 'ticket',
                gsi1pk: 'TICKETS',
                gsi1sk: `${ticket.created_at}#${ticket.ticket_number}`,
                ...ticket,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: TICKET_STATS_KEY,
              UpdateExpression: 'SET entity = :entity ADD ticket_count :one, #open :one, #tag :one',
              ExpressionAttributeNames: { '#open': 'status_open', '#tag': `tag_${ticket.tag}` },
              ExpressionAttributeValues: { ':entity': 'stats', ':one': 1 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
    if (reasons?.[0]?.Code === 'ConditionalCheckFailed') throw new TicketNumberTaken();
    throw error;
  }
}
