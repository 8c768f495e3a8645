import { BREACHED_PASSWORDS } from '../../infra/fakes/breach-fixtures';
import { rangeLines, sha1Hex } from '../../infra/fakes/breach-range';
import { ZStaffPassword } from '../../shared/schemas/auth';

describe('the local breach-range service', () => {
  it('has fixture passwords a staff member could choose (they meet the password rules)', () => {
    expect(BREACHED_PASSWORDS.map((p) => p.password)).toEqual(
      expect.arrayContaining(['Password123!', 'Welcome2024!']),
    );
    for (const { password } of BREACHED_PASSWORDS)
      expect(ZStaffPassword.safeParse(password).success).toBe(true);
  });

  it('answers the suffix and count of every fixture under its prefix, in either case of the prefix', () => {
    for (const { password, count } of BREACHED_PASSWORDS) {
      const hash = sha1Hex(password);
      expect(rangeLines(hash.slice(0, 5), false)).toContain(`${hash.slice(5)}:${count}`);
      expect(rangeLines(hash.slice(0, 5).toLowerCase(), false)).toContain(`${hash.slice(5)}:${count}`);
    }
  });

  it('answers nothing unpadded for a prefix no fixture has', () => {
    const prefixes = new Set(BREACHED_PASSWORDS.map((p) => sha1Hex(p.password).slice(0, 5)));
    const unused = ['00000', 'FFFFF', '12345'].find((p) => !prefixes.has(p)) ?? '';
    expect(rangeLines(unused, false)).toEqual([]);
  });

  it('pads to 800-1000 sorted, distinct lines of 35 hex characters, padding counted 0', () => {
    const { password, count } = BREACHED_PASSWORDS[0];
    const hash = sha1Hex(password);
    for (let run = 0; run < 5; run++) {
      const lines = rangeLines(hash.slice(0, 5), true);
      expect(lines.length).toBeGreaterThanOrEqual(800);
      expect(lines.length).toBeLessThanOrEqual(1000);
      expect(new Set(lines.map((l) => l.split(':')[0])).size).toBe(lines.length);
      expect([...lines].sort()).toEqual(lines);
      for (const line of lines) expect(line).toMatch(/^[0-9A-F]{35}:\d+$/);
      expect(lines.filter((l) => !l.endsWith(':0'))).toEqual([`${hash.slice(5)}:${count}`]);
    }
  });
});
