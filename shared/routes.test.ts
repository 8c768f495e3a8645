import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { routes } from './routes';

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
