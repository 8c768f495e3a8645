/**
 * Refreshes test/infra/fixtures/table-access.jsonl: runs the integration tests (or the files named) against a
 * local stack that records every function's DynamoDB calls (table-access-recorder.ts, loaded by the runner's
 * hooks), then keeps
 * one sample of each distinct call shape (function, action, index, partition prefixes). test/infra/
 * table-access.test.ts checks every line against the synthesized policies.
 *
 *   npm run record:table-access [-- test/integration/orders.test.ts ...]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOOKS_ENV } from '../../infra/local/hooks';
import { INDEX_PARTITIONS, TABLE_PARTITIONS } from '../../shared/table-keys';
import { TABLE_ACCESS_LOG_ENV, type TableAccessRecord } from './table-access-recorder';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixture = join(root, 'test', 'infra', 'fixtures', 'table-access.jsonl');

const PARTITIONS = [
  ...Object.values(TABLE_PARTITIONS),
  ...Object.values(INDEX_PARTITIONS).flatMap((p) => Object.values(p) as string[]),
];
/** A key's declared partition (the longest value that is the key itself, or a prefix of it), else the key. */
const shapeOf = (key: string) =>
  PARTITIONS.filter((p) => key === p || (p.endsWith('#') && key.startsWith(p))).sort(
    (a, b) => b.length - a.length,
  )[0] ?? key;

function dedupe(records: readonly TableAccessRecord[]): TableAccessRecord[] {
  const seen = new Map<string, TableAccessRecord>();
  for (const r of records) {
    const shape = [r.fn, r.action, r.index ?? '', [...new Set(r.keys.map(shapeOf))].sort().join(',')].join(
      '|',
    );
    if (!seen.has(shape))
      seen.set(shape, {
        fn: r.fn,
        action: r.action,
        table: 'table',
        ...(r.index ? { index: r.index } : {}),
        keys: r.keys,
      });
  }
  return [...seen.values()].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

function main(): void {
  const log = process.argv.includes('--from')
    ? process.argv[process.argv.indexOf('--from') + 1]
    : join(mkdtempSync(join(tmpdir(), 'table-access-')), 'calls.jsonl');
  if (!process.argv.includes('--from')) {
    const files = process.argv.slice(2).filter((a) => a.endsWith('.ts'));
    const run = spawnSync('npx', ['jest', '--selectProjects', 'integration', '--', ...files], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        [TABLE_ACCESS_LOG_ENV]: log,
        [HOOKS_ENV]: join(root, 'test', 'support', 'table-access-recorder.ts'),
      },
    });
    if (run.status !== 0) console.error('Some integration tests failed: the recording covers what ran.');
  }
  const records = readFileSync(log, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as TableAccessRecord & { error?: string });
  const broken = records.filter((r) => r.error);
  if (broken.length > 0)
    throw new Error(`Unreadable requests in the log: ${JSON.stringify(broken.slice(0, 3))}`);
  const kept = dedupe(records);
  writeFileSync(fixture, `${kept.map((r) => JSON.stringify(r)).join('\n')}\n`);
  console.log(`${records.length} calls recorded, ${kept.length} distinct kept in ${fixture}`);
}

main();
