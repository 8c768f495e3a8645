/**
 * Records what each function asks of DynamoDB, for the least-privilege check (test/infra/table-access.test.ts).
 * The local stack enforces no IAM, so a grant narrower than the code's needs would only fail in AWS: when
 * LOCAL_STACK_HOOKS names this file (infra/local/hooks.ts) and LOCAL_TABLE_ACCESS_LOG a file, every function's
 * DynamoDB endpoint is this proxy (the function's key in the path), which forwards each request unchanged to DynamoDB Local and appends one JSON line per IAM-checked
 * request: the function, the IAM action, the table, the index and the partition key values IAM would compare
 * with `dynamodb:LeadingKeys`. Transactions are recorded as the item actions IAM authorises them by.
 */
import { appendFileSync } from 'node:fs';
import type { HooksFactory } from '../../infra/local/hooks.js';
import { TABLE_INDEXES } from '../../shared/runtime-env.js';
import { startHookedProxy } from './hooked-proxy.js';

export const TABLE_ACCESS_LOG_ENV = 'LOCAL_TABLE_ACCESS_LOG';

/** One IAM authorisation DynamoDB would make for a request. */
export interface TableAccessRecord {
  fn: string;
  /** `dynamodb:GetItem`, ... */
  action: string;
  table: string;
  index?: string;
  /** Partition key values of the items (or the queried partition); empty for Scan and table-level calls. */
  keys: string[];
}

type AttributeValue = { S?: string; N?: string };
type Json = Record<string, unknown>;

const partitionAttribute = (index: string | undefined): string =>
  index === undefined
    ? 'pk'
    : (Object.values(TABLE_INDEXES).find((i) => i.name === index)?.pk ?? `unknown index ${index}`);

const keyOf = (item: unknown, attribute = 'pk'): string[] => {
  const value = (item as Record<string, AttributeValue> | undefined)?.[attribute];
  return value?.S !== undefined ? [value.S] : value?.N !== undefined ? [value.N] : [];
};

/** The value a Query's key condition gives the partition attribute (`pk = :pk`, `#p = :v`). */
export function queriedPartition(body: Json): string[] {
  const attribute = partitionAttribute(body.IndexName as string | undefined);
  const names = (body.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (body.ExpressionAttributeValues ?? {}) as Record<string, AttributeValue>;
  const expression = String(body.KeyConditionExpression ?? '');
  for (const match of expression.matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    const name = match[1].startsWith('#') ? names[match[1]] : match[1];
    if (name === attribute) return keyOf({ v: values[match[2]] }, 'v');
  }
  return [];
}

/** The IAM authorisations one DynamoDB JSON request needs. */
export function recordsOf(fn: string, operation: string, body: Json): TableAccessRecord[] {
  const single = (action: string, table: unknown, keys: string[], index?: unknown): TableAccessRecord => ({
    fn,
    action: `dynamodb:${action}`,
    table: String(table),
    ...(typeof index === 'string' ? { index } : {}),
    keys,
  });
  switch (operation) {
    case 'GetItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return [single(operation, body.TableName, keyOf(body.Key))];
    case 'PutItem':
      return [single(operation, body.TableName, keyOf(body.Item))];
    case 'Query':
      return [single(operation, body.TableName, queriedPartition(body), body.IndexName)];
    case 'Scan':
      return [single(operation, body.TableName, [], body.IndexName)];
    case 'BatchGetItem':
      return Object.entries((body.RequestItems ?? {}) as Record<string, { Keys: unknown[] }>).map(
        ([table, { Keys }]) =>
          single(
            operation,
            table,
            Keys.flatMap((k) => keyOf(k)),
          ),
      );
    case 'BatchWriteItem':
      return Object.entries((body.RequestItems ?? {}) as Record<string, Json[]>).map(([table, writes]) =>
        single(
          operation,
          table,
          writes.flatMap((w) =>
            keyOf((w.PutRequest as Json | undefined)?.Item ?? (w.DeleteRequest as Json | undefined)?.Key),
          ),
        ),
      );
    case 'TransactWriteItems': {
      // IAM authorises each item by its own action (there is no TransactWriteItems permission).
      const actions = {
        Put: 'PutItem',
        Update: 'UpdateItem',
        Delete: 'DeleteItem',
        ConditionCheck: 'ConditionCheckItem',
      };
      return ((body.TransactItems ?? []) as Json[]).flatMap((item) =>
        Object.entries(actions)
          .filter(([field]) => item[field] !== undefined)
          .map(([field, action]) => {
            const part = item[field] as Json;
            return single(action, part.TableName, keyOf(field === 'Put' ? part.Item : part.Key));
          }),
      );
    }
    case 'TransactGetItems':
      return ((body.TransactItems ?? []) as Json[]).map((item) => {
        const get = item.Get as Json;
        return single('GetItem', get.TableName, keyOf(get.Key));
      });
    default:
      return [single(operation, body.TableName, [])];
  }
}

/** The proxy: `http://127.0.0.1:<port>/<function key>` is a function's DynamoDB endpoint. */
export async function startTableAccessRecorder(options: {
  target: string;
  logFile: string;
}): Promise<{ endpointFor(fn: string): string; close(): Promise<void> }> {
  const proxy = await startHookedProxy(options.target, 'table-access recorder', {
    // The signature covers the path the client used; DynamoDB Local does not check it.
    path: () => '/',
    seen: (req, body) => {
      const fn = decodeURIComponent((req.url ?? '/').split('/')[1] ?? '') || 'unknown';
      const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
      try {
        const records = recordsOf(fn, operation, JSON.parse(body.toString('utf8') || '{}') as Json);
        if (records.length > 0)
          appendFileSync(options.logFile, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
      } catch (error) {
        appendFileSync(
          options.logFile,
          `${JSON.stringify({ fn, action: `dynamodb:${operation}`, error: String(error) })}\n`,
        );
      }
    },
  });
  return {
    endpointFor: (fn) => `${proxy.origin}/${encodeURIComponent(fn)}`,
    close: () => proxy.close(),
  };
}

/** The runner's hooks: each function's DynamoDB endpoint is the recorder, with the function's key in the path. */
const tableAccessHooks: HooksFactory = async ({ endpoints }) => {
  const logFile = process.env[TABLE_ACCESS_LOG_ENV];
  if (!logFile) throw new Error(`${TABLE_ACCESS_LOG_ENV} must name the file the calls are recorded in`);
  const recorder = await startTableAccessRecorder({ target: endpoints.dynamodb, logFile });
  return {
    functionEnv: (fn) => ({ AWS_ENDPOINT_URL_DYNAMODB: recorder.endpointFor(fn.key) }),
    close: () => recorder.close(),
  };
};
export default tableAccessHooks;
