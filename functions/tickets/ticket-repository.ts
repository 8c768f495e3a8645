import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db.js';
import { counters, type TicketItem, ticket as ticketEntity } from '../lib/entities.js';

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
        ],
      }),
    );
  } catch (error) {
    const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
    if (reasons?.[0]?.Code === 'ConditionalCheckFailed') throw new TicketNumberTaken();
    throw error;
  }
}
