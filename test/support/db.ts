import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TableKey } from '../../functions/lib/entities';
import { stack } from './stack';

/** Direct access to the local stack's table, for arranging data and checking what a request wrote. */
export const testDb = () =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack().urls.dynamodb,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );

/** One item by its key, built from the entity declarations (`getItem(order.key(id))`). */
export async function getItem(key: TableKey): Promise<Record<string, unknown> | undefined> {
  const { Item } = await testDb().send(
    new GetCommand({ TableName: stack().tableName, Key: key, ConsistentRead: true }),
  );
  return Item;
}

export async function putItem(item: Record<string, unknown>): Promise<void> {
  await testDb().send(new PutCommand({ TableName: stack().tableName, Item: item }));
}
