import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
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

export async function getItem(pk: string, sk: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await testDb().send(
    new GetCommand({ TableName: stack().tableName, Key: { pk, sk }, ConsistentRead: true }),
  );
  return Item;
}

export async function putItem(item: Record<string, unknown>): Promise<void> {
  await testDb().send(new PutCommand({ TableName: stack().tableName, Item: item }));
}
