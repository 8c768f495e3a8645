import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db.js';

/** The single settings record (spec 001 §3): pk SETTINGS, sk SITE. Admin writes replace it whole. */
export const settingsKey = { pk: 'SETTINGS', sk: 'SITE' } as const;

export type StoredSettings = Record<string, unknown>;

export async function getStoredSettings(): Promise<StoredSettings | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: settingsKey }));
  return Item ?? null;
}
