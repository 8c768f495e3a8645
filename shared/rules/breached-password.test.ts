import { BREACH_PREFIX_LENGTH, breachRangeQuery, rangeListsSuffix } from './breached-password';

describe('breachRangeQuery', () => {
  it('splits the upper-case SHA-1 into a 5-character prefix and the rest', async () => {
    // SHA-1('password') = 5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8
    const { prefix, suffix } = await breachRangeQuery('password');
    expect(prefix).toBe('5BAA6');
    expect(prefix).toHaveLength(BREACH_PREFIX_LENGTH);
    expect(suffix).toBe('1E4C9B93F3F0682250B6CF8331B7EE68FD8');
  });

  it('gives 40 hex characters for any text, different text giving a different hash', async () => {
    const a = await breachRangeQuery('é');
    const b = await breachRangeQuery('e');
    expect(a.prefix).not.toBe(b.prefix);
    expect(`${a.prefix}${a.suffix}`).toMatch(/^[0-9A-F]{40}$/);
  });
});

describe('rangeListsSuffix', () => {
  const suffix = '1E4C9B93F3F0682250B6CF8331B7EE68FD8';
  it('finds the suffix with a positive count, in any case, across CRLF lines', () => {
    expect(rangeListsSuffix(`0018A45C4D1DEF81644B54AB7F969B88D65:1\r\n${suffix}:9545824\r\n`, suffix)).toBe(
      true,
    );
    expect(rangeListsSuffix(`${suffix.toLowerCase()}:3`, suffix)).toBe(true);
  });
  it('ignores padding lines (count 0) and other suffixes', () => {
    expect(rangeListsSuffix(`${suffix}:0\n0018A45C4D1DEF81644B54AB7F969B88D65:1`, suffix)).toBe(false);
    expect(rangeListsSuffix('', suffix)).toBe(false);
    expect(rangeListsSuffix(`${suffix.slice(1)}:5`, suffix)).toBe(false);
  });
});
