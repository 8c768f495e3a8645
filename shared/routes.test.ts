import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { routes } from './routes';

// The web client finds a route's definition by its name alone (the back office's rows are loaded lazily, see
// web/src/lib/api-client.ts): each row must live in routes/<kebab-case name>.ts and be exported by that name.
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

describe('route table files', () => {
  it.each(Object.keys(routes))('%s is exported from routes/<its kebab-case name>.ts', async (name) => {
    const file = join(__dirname, 'routes', `${kebab(name)}.ts`);
    expect(existsSync(file)).toBe(true);
    const module = (await import(file)) as Record<string, unknown>;
    expect(module[name]).toBe(routes[name as keyof typeof routes]);
  });

  it('keeps admin routes where the web client loads them lazily (admin-*, or one of the two listed)', () => {
    const lazyFiles = /^(admin-.*|get-admin-session|get-auth-config)$/;
    for (const [name, route] of Object.entries(routes)) {
      if (route.auth === 'admin') expect(kebab(name)).toMatch(lazyFiles);
    }
  });
});
