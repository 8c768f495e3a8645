import { addMonths, expirationMonthsFor, formatMonthYear, minimumExpirationDate } from './expiration.js';

const today = new Date(2026, 10, 22); // 22 November 2026
const settings = { teststrips_expiration: 6, cgmsupplies_expiration: 4 };

describe('minimum expiration date', () => {
  it('uses teststrips_expiration for test strips, case-insensitively', () => {
    expect(expirationMonthsFor('Test Strips', settings)).toBe(6);
    expect(minimumExpirationDate('test strips', settings, today)).toBe('May 2027');
  });

  it('uses cgmsupplies_expiration for CGM', () => {
    expect(minimumExpirationDate('CGM', settings, today)).toBe('March 2027');
  });

  it('shows nothing for other product types', () => {
    expect(minimumExpirationDate('Other', settings, today)).toBeNull();
    expect(minimumExpirationDate('insulin pens', settings, today)).toBeNull();
  });

  it('assumes 3 months when the setting is missing or there are no settings', () => {
    expect(
      minimumExpirationDate(
        'Test Strips',
        { teststrips_expiration: null, cgmsupplies_expiration: null },
        today,
      ),
    ).toBe('February 2027');
    expect(minimumExpirationDate('CGM', null, today)).toBe('February 2027');
  });

  it('clamps to the end of a shorter month', () => {
    const d = addMonths(new Date(2027, 0, 31), 1);
    expect([d.getFullYear(), d.getMonth(), d.getDate()]).toEqual([2027, 1, 28]);
  });
});

test('formatMonthYear writes every month as en-US Intl does', () => {
  const intl = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
  for (let month = 0; month < 12; month++) {
    const date = new Date(2027, month, 15);
    expect(formatMonthYear(date)).toBe(intl.format(date));
  }
});
