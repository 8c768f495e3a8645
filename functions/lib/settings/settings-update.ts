import { SECRET_SETTINGS } from '../../../shared/rules/settings-defaults.js';

type Obj = Record<string, unknown>;
const isMap = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One stored attribute a save sets: its path in the record and the value. */
export interface SettingWrite {
  path: string[];
  value: unknown;
}

/**
 * The leaves of a validated save: nested groups are walked down to each field the card sent, so a save of
 * `payment_methods.crypto.bitcoin` writes only that flag and a concurrent save of another flag survives.
 * Lists (excluded states) are one value. Credentials are not table fields and are left out.
 */
export function settingWrites(patch: Obj): SettingWrite[] {
  const writes: SettingWrite[] = [];
  const walk = (value: unknown, path: string[]) => {
    if (isMap(value)) for (const [key, inner] of Object.entries(value)) walk(inner, [...path, key]);
    else if (value !== undefined) writes.push({ path, value });
  };
  for (const [key, value] of Object.entries(patch)) {
    if (!(SECRET_SETTINGS as readonly string[]).includes(key)) walk(value, [key]);
  }
  return writes;
}

/** The maps a nested write needs to exist (DynamoDB refuses `SET a.b = :v` when `a` is not a map). */
export const parentPaths = (writes: readonly SettingWrite[]): string[][] => {
  const seen = new Map<string, string[]>();
  for (const { path } of writes) {
    for (let i = 1; i < path.length; i++) seen.set(path.slice(0, i).join('.'), path.slice(0, i));
  }
  return [...seen.values()];
};

export interface SettingsUpdate {
  UpdateExpression: string;
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

/**
 * One UpdateItem for a save: SET per field sent (never the whole record, never read first), `updated_at`
 * stamped, and REMOVE of legacy table copies of credentials the save moves to the secret. It applies only
 * to an existing record whose parent maps are maps: otherwise the condition fails and the caller repairs.
 */
export function buildSettingsUpdate(
  writes: readonly SettingWrite[],
  at: string,
  removeLegacy: readonly string[] = [],
): SettingsUpdate {
  const names: Record<string, string> = {};
  const nameOf = new Map<string, string>();
  const name = (segment: string) => {
    let alias = nameOf.get(segment);
    if (!alias) {
      alias = `#n${nameOf.size}`;
      nameOf.set(segment, alias);
      names[alias] = segment;
    }
    return alias;
  };
  const path = (segments: readonly string[]) => segments.map(name).join('.');
  const values: Record<string, unknown> = { ':at': at, ':primary': true };
  const sets = writes.map((w, i) => {
    values[`:v${i}`] = w.value;
    return `${path(w.path)} = :v${i}`;
  });
  sets.push(
    `${name('updated_at')} = :at`,
    `${name('created_at')} = if_not_exists(${name('created_at')}, :at)`,
    `${name('is_primary')} = :primary`,
  );
  const parents = parentPaths(writes);
  // DynamoDB refuses a value the expressions do not use.
  if (parents.length) values[':map'] = 'M';
  const conditions = [
    `attribute_exists(${name('pk')})`,
    ...parents.map((p) => `attribute_type(${path(p)}, :map)`),
  ];
  const removes = removeLegacy.map((field) => name(field));
  return {
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/**
 * Which top-level groups of a stored record cannot take the writes as they are (missing, or a legacy text
 * value where a map belongs): these are replaced, once, by their lenient reading.
 */
export function groupsNeedingRepair(stored: Obj, writes: readonly SettingWrite[]): string[] {
  const broken = new Set<string>();
  for (const parent of parentPaths(writes)) {
    let node: unknown = stored;
    for (const segment of parent) node = isMap(node) ? node[segment] : undefined;
    if (!isMap(node)) broken.add(parent[0]);
  }
  return [...broken];
}
