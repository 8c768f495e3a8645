import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENV } from '../../shared/runtime-env.js';
import { requireEnv } from './env.js';

/** Created once per container: connection reuse across invocations. */
export const db = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

export const tableName = (): string => requireEnv(ENV.tableName);
