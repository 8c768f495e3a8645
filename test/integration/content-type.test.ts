import { routeList } from '../../shared/routes';
import { signIn } from '../support/cognito';
import { api, stack } from '../support/stack';

jest.setTimeout(120_000);

/** A concrete path for a route's pattern (the parameter values never matter: 415 comes first). */
const pathOf = (pattern: string) => pattern.replace(/\{[^}]+\}/g, 'C1A2B3C');

const withBody = routeList().filter(([, def]) => def.request && 'body' in def.request && def.request.body);
let token: string;

beforeAll(async () => {
  token = (await signIn(stack().admin.email, stack().admin.password)).idToken;
});

describe('routes that take JSON refuse any other content type (415), before doing anything', () => {
  it.each(withBody.map(([name, def]) => [name, def.method, def.path, def.auth] as const))(
    '%s (%s %s) refuses text/plain and a form',
    async (_name, method, path, auth) => {
      for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded']) {
        const res = await api<{ error?: { code: string } }>(pathOf(path), {
          method,
          headers: {
            'content-type': type,
            ...(auth === 'admin' ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ any: 'thing' }),
        });
        expect([res.status, res.body.error?.code]).toEqual([415, 'unsupported_media_type']);
      }
    },
  );

  it('the same order sent as application/json is taken as usual', async () => {
    const res = await api<{ error?: { code: string } }>('/api/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ any: 'thing' }),
    });
    expect(res.status).toBe(400);
  });
});
