import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { routes, schedules, streamConsumers, subscribers, workers } from './routes';

// Each row lives in routes/<kebab-case name>.ts, exported by that name: the web client's callers import the one
// row they call from its own file (web/src/lib/api-client.ts), so a page's chunk carries only its routes' schemas.
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

describe('route table files', () => {
  it.each(Object.keys(routes))('%s is exported from routes/<its kebab-case name>.ts', async (name) => {
    const file = join(__dirname, 'routes', `${kebab(name)}.ts`);
    expect(existsSync(file)).toBe(true);
    const module = (await import(file)) as Record<string, unknown>;
    expect(module[name]).toBe(routes[name as keyof typeof routes]);
  });
});

/**
 * Every function's entry is `functions/<feature>/handlers/<its kebab-case name>.ts`: found from the row's name
 * alone, with the feature folder named as on every other tier (docs/features.md).
 */
describe('function entries', () => {
  const functionsDir = join(__dirname, '..', 'functions');
  const rows = Object.entries({ ...routes, ...workers, ...schedules, ...subscribers, ...streamConsumers });

  it.each(rows)('%s: <feature>/handlers/<name>', (name, row) => {
    const [feature, folder, file, ...rest] = row.handler.split('/');
    expect({ folder, file, rest }).toEqual({ folder: 'handlers', file: kebab(name), rest: [] });
    expect(feature).not.toBe('lib');
    expect(existsSync(join(functionsDir, `${row.handler}.ts`))).toBe(true);
  });

  it('a feature folder holds its entries under handlers/ only', () => {
    const entries = new Set(rows.map(([, row]) => `${row.handler}.ts`));
    const features = readdirSync(functionsDir).filter((d) => d !== 'lib');
    const handlerFiles = features.flatMap((feature) =>
      existsSync(join(functionsDir, feature, 'handlers'))
        ? readdirSync(join(functionsDir, feature, 'handlers'))
            .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
            .map((f) => `${feature}/handlers/${f}`)
        : [],
    );
    // Nothing under handlers/ that no row names, and no row outside it.
    expect(handlerFiles.filter((f) => !entries.has(f))).toEqual([]);
  });
});
