import { randomUUID } from 'node:crypto';
import { routeList } from '../../shared/routes';
import { ZAdminSession } from '../../shared/schemas/admin';
import { createPlainUser, signIn } from '../support/cognito';
import { api, stack } from '../support/stack';

const adminRoutes = routeList().filter(([, r]) => r.auth === 'admin');
/** A concrete path for a route: every `{param}` gets a well-formed value. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, randomUUID());
const call = (method: string, path: string, token?: string) =>
  api(concrete(path), {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
  });

describe('admin routes (walks the route table)', () => {
  let plain: { idToken: string; accessToken: string };
  let admin: { idToken: string; accessToken: string };

  beforeAll(async () => {
    const email = `staff-${Date.now()}@stripbuyback.test`;
    await createPlainUser(email, 'Str0ng!Passw0rd');
    plain = await signIn(email, 'Str0ng!Passw0rd');
    admin = await signIn(stack().admin.email, stack().admin.password);
  });

  it('has admin rows to walk', () => {
    expect(adminRoutes.length).toBeGreaterThan(0);
  });

  it.each(adminRoutes)('%s refuses an anonymous call and a forged token with 401', async (_name, route) => {
    expect((await call(route.method, route.path)).status).toBe(401);
    expect((await call(route.method, route.path, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln')).status).toBe(
      401,
    );
  });

  it.each(adminRoutes)(
    '%s refuses a signed-in user outside the admin group with 403',
    async (_name, route) => {
      const res = await call(route.method, route.path, plain.idToken);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { code: 'forbidden', message: 'Admin access required' } });
    },
  );

  it.each(adminRoutes)('%s lets an admin through', async (_name, route) => {
    const res = await call(route.method, route.path, admin.idToken);
    expect([401, 403]).not.toContain(res.status);
  });

  it('tells the back office who is signed in, from the ID or the access token', async () => {
    const byId = await api<{ email: string; groups: string[] }>('/api/admin/session', {
      headers: { authorization: `Bearer ${admin.idToken}` },
    });
    expect(byId.status).toBe(200);
    expect(ZAdminSession.safeParse(byId.body).success).toBe(true);
    expect(byId.body.email).toBe(stack().admin.email);
    expect(byId.body.groups).toContain('admin');
    const byAccess = await api('/api/admin/session', {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    expect(byAccess.status).toBe(200);
  });
});
