import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { TTL_ATTRIBUTE } from '../../shared/runtime-env.js';
import { db, tableName } from '../lib/db.js';
import { accessLog } from '../lib/entities.js';

const RETENTION_DAYS = 90;

/** One item per attempt to open an order link (token, success, IP, time), kept 90 days. */
export async function logOrderAccess(token: string, success: boolean, ip: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...accessLog.key(token, at, randomUUID()),
        entity: 'order-access',
        access_token: token.slice(0, 100),
        success,
        ip_address: ip,
        attempted_at: at,
        [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + RETENTION_DAYS * 86400,
      },
    }),
  );
}
