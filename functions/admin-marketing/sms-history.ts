import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SmsStatus } from '../../shared/rules/sms.js';
import { TABLE_INDEXES } from '../../shared/runtime-env.js';
import { SMS_HISTORY_PAGE, type SmsHistory } from '../../shared/schemas/admin-sms.js';
import { db, tableName } from '../lib/db.js';
import { smsMessage, smsStatusEvent } from '../lib/entities.js';

const latest = async (partition: string) => {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: TABLE_INDEXES.collection.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
      Limit: SMS_HISTORY_PAGE,
    }),
  );
  return Items;
};

/** Message History and the status log: one Query of each collection partition, newest first. */
export async function listHistory(): Promise<SmsHistory> {
  const [messages, events] = await Promise.all([
    latest(smsMessage.collectionPartition),
    latest(smsStatusEvent.collectionPartition),
  ]);
  return {
    messages: messages.map((item) => ({
      id: String(item.id),
      createdAt: String(item.created_at),
      to: String(item.to),
      message: String(item.message),
      status: item.status as SmsStatus,
      sid: typeof item.sid === 'string' ? item.sid : null,
      error: typeof item.error === 'string' ? item.error : null,
      kind: item.kind === 'test' ? 'test' : 'marketing',
    })),
    statusLog: events.map((item) => ({
      at: String(item.at),
      messageId: String(item.message_id),
      to: String(item.to),
      status: item.status as SmsStatus,
      errorCode: typeof item.error_code === 'string' ? item.error_code : null,
    })),
  };
}
