import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db.js';
import { type SettingsItem, settings } from '../lib/entities.js';

/** The single settings record (spec 001 §3). */
export async function getStoredSettings(): Promise<SettingsItem | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: settings.key() }));
  return Item ?? null;
}
