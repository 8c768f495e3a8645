/**
 * The "who may touch which items" table of docs/data-model.md, rendered from the route, worker, schedule,
 * subscriber and stream tables: test/infra/table-access.test.ts fails when the document and the rows differ,
 * `npm run docs:table-access` rewrites the block.
 */
import { routes, schedules, streamConsumers, subscribers, workers } from '../../shared/routes';
import { TABLE_INDEXES } from '../../shared/runtime-env';
import { isTableCapability, type TableCapability } from '../../shared/table-access';
import { INDEX_PARTITIONS, leadingKeyPattern, TABLE_PARTITIONS } from '../../shared/table-keys';

export const DOC_BEGIN = '<!-- table-access:begin (generated: npm run docs:table-access) -->';
export const DOC_END = '<!-- table-access:end -->';

const describe = (c: TableCapability): string => {
  if ('index' in c) {
    const values = c.partitions.map(
      (p) => (INDEX_PARTITIONS[c.index] as Record<string, string>)[p as string],
    );
    return `Query \`${TABLE_INDEXES[c.index].name}\`: ${values.map((v) => `\`${leadingKeyPattern(v)}\``).join(', ')}`;
  }
  return `${c.table.join(', ')}: ${c.partitions.map((p) => `\`${leadingKeyPattern(TABLE_PARTITIONS[p])}\``).join(', ')}`;
};

export function renderTableAccess(): string {
  const rows = [
    ...Object.entries(routes).map(([k, r]) => [k, `${r.auth} route`, r.capabilities] as const),
    ...Object.entries(workers).map(([k, r]) => [k, `${r.queue} worker`, r.capabilities] as const),
    ...Object.entries(schedules).map(([k, r]) => [k, 'schedule', r.capabilities] as const),
    ...Object.entries(subscribers).map(([k, r]) => [k, `${r.topic} subscriber`, r.capabilities] as const),
    ...Object.entries(streamConsumers).map(([k, r]) => [k, 'stream consumer', r.capabilities] as const),
  ];
  const lines = ['| function | kind | table items and index queries it may touch |', '| --- | --- | --- |'];
  for (const [key, kind, capabilities] of rows) {
    const table = (capabilities as readonly unknown[]).filter(isTableCapability).map(describe);
    lines.push(`| \`${key}\` | ${kind} | ${table.length ? table.join('<br>') : 'none'} |`);
  }
  return [DOC_BEGIN, ...lines, DOC_END].join('\n');
}

/** `text` with its generated block replaced by the current one. */
export function withTableAccess(text: string): string {
  const start = text.indexOf(DOC_BEGIN);
  const end = text.indexOf(DOC_END);
  if (start < 0 || end < start) throw new Error('docs/data-model.md lacks the table-access markers');
  return text.slice(0, start) + renderTableAccess() + text.slice(end + DOC_END.length);
}

/** A markdown table's text without its alignment padding (a formatter may pad the generated block). */
export const unpadded = (block: string): string =>
  block
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .map((cell) => (/^\s*-+\s*$/.test(cell) ? '---' : cell.trim()))
        .join('|'),
    )
    .join('\n');

/** The generated block as the document holds it now. */
export function documentedTableAccess(text: string): string {
  const start = text.indexOf(DOC_BEGIN);
  const end = text.indexOf(DOC_END);
  if (start < 0 || end < start) throw new Error('docs/data-model.md lacks the table-access markers');
  return text.slice(start, end + DOC_END.length);
}
