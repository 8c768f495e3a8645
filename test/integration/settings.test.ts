import { publicSettingsShape, ZPublicSettings } from '../../shared/schemas/settings';
import { api } from '../support/stack';

describe('GET /api/settings', () => {
  it('answers the stored public settings', async () => {
    const res = await api<Record<string, unknown>>('/api/settings');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const parsed = ZPublicSettings.safeParse(res.body);
    expect(parsed.success).toBe(true);
    // The seeded record sets both expiration rules and a contact e-mail.
    expect(res.body.teststrips_expiration).toEqual(expect.any(Number));
    expect(res.body.contact_email).toEqual(expect.any(String));
  });

  it('returns exactly the public fields: no provider keys, warehouse or stored keys', async () => {
    const res = await api<Record<string, unknown>>('/api/settings');
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(publicSettingsShape()).sort());
    expect(JSON.stringify(res.body)).not.toMatch(/easypost|warehouse|carrier|api_key|auth_token|"pk"|"sk"/i);
  });

  it('is readable without a session and carries the security headers', async () => {
    const res = await api('/api/settings', { headers: { authorization: 'Bearer not-a-token' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
