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

  it('names files so the web client splits them right: admin rows lazily, public rows in the first load, webhooks never', () => {
    // The back office's files (admin-*, the admin session, the sign-in configuration) load with the back
    // office; the providers' webhooks are never called from a browser; the web client's eager patterns
    // (`[!aegt]*`, `get-[!a]*`) take the others: a public file starting `a`, `e`, `t`, or `g` without being
    // `get-`, would be in neither, and every call to it would fail (for the settings: the yellow 'Settings
    // could not be loaded' banner on every page).
    const backOffice = /^(admin-.*|get-admin-session|get-auth-config)$/;
    const eager = /^([^aegt]|get-[^a])/;
    for (const [name, route] of Object.entries(routes)) {
      const file = kebab(name);
      if (route.auth === 'admin') expect(file).toMatch(backOffice);
      if ('webhook' in route && route.webhook) expect(file).not.toMatch(eager);
      else if (!backOffice.test(file)) expect(file).toMatch(eager);
    }
  });
});
