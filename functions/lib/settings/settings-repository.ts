import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readSettings } from '../../../shared/rules/settings.js';
import { db, tableName } from '../db.js';
import { type SettingsItem, settings } from '../entities.js';
import { buildSettingsUpdate, groupsNeedingRepair, type SettingWrite } from './settings-update.js';

/** The single settings record (spec 001 §3). */
export async function getStoredSettings(consistent = false): Promise<SettingsItem | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: settings.key(), ConsistentRead: consistent }),
  );
  return Item ?? null;
}

const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

/**
 * Spec 001 §4: 'If no row exists a default row is created'. Losing the race to another creator is fine.
 * True when this call wrote it (the first-deploy command `ops init-settings` says so).
 */
export async function createDefaultSettings(at: string): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...settings.key(), ...readSettings(null), is_primary: true, created_at: at, updated_at: at },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}

/**
 * Replaces the groups a nested write cannot reach (a legacy record without `notifications`, or with text
 * where a map belongs) by their lenient reading, only if nobody changed the record since it was read.
 */
async function repairGroups(stored: SettingsItem, groups: string[]): Promise<void> {
  if (groups.length === 0) return;
  const normal = readSettings(stored) as Record<string, unknown>;
  const names: Record<string, string> = { '#updated': 'updated_at' };
  const values: Record<string, unknown> = {};
  const sets = groups.map((group, i) => {
    names[`#g${i}`] = group;
    values[`:g${i}`] = normal[group] ?? {};
    return `#g${i} = :g${i}`;
  });
  const unchanged =
    typeof stored.updated_at === 'string' ? '#updated = :read' : 'attribute_not_exists(#updated)';
  if (typeof stored.updated_at === 'string') values[':read'] = stored.updated_at;
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: settings.key(),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: unchanged,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    // Someone saved in between: the next attempt reads again.
    if (!isConditionFailure(error)) throw error;
  }
}

const ATTEMPTS = 4;

/**
 * Writes exactly the fields of one save (each top-level field or nested path its own SET), so two admins
 * saving different cards at once both keep their changes. The usual save is one UpdateItem; a missing record
 * is created with the defaults first, and a legacy record's malformed groups are repaired once.
 */
export async function updateSettings(
  writes: readonly SettingWrite[],
  at: string,
  removeLegacy: readonly string[] = [],
): Promise<SettingsItem> {
  const update = buildSettingsUpdate(writes, at, removeLegacy);
  for (let attempt = 1; ; attempt++) {
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: settings.key(),
          ...update,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes ?? {};
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= ATTEMPTS) throw error;
    }
    const stored = await getStoredSettings(true);
    if (!stored) await createDefaultSettings(at);
    else await repairGroups(stored, groupsNeedingRepair(stored, writes));
  }
}
