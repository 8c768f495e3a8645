import { dateFormat, formatDateTime, formatLongDate } from './date-format.js';

describe('formatDateTime', () => {
  it("formats as 'MMM d, yyyy HH:mm' in the given time zone", () => {
    expect(formatDateTime('2025-03-07T09:05:00Z', 'UTC')).toBe('Mar 7, 2025 09:05');
    expect(formatDateTime('2025-12-31T23:30:00Z', 'UTC')).toBe('Dec 31, 2025 23:30');
    expect(formatDateTime('2025-12-31T23:30:00Z', 'America/New_York')).toBe('Dec 31, 2025 18:30');
  });

  it('shows midnight as 00, not 24', () => {
    expect(formatDateTime('2025-01-01T00:00:00Z', 'UTC')).toBe('Jan 1, 2025 00:00');
  });

  it('returns anything that is not a date unchanged', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});

describe('dateFormat', () => {
  it('builds one formatter per set of options and keeps it', () => {
    const built = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      const first = dateFormat({ month: 'long', year: 'numeric', timeZone: 'Asia/Tokyo' });
      for (let i = 0; i < 5; i++) formatDateTime('2025-03-07T09:05:00Z', 'Asia/Tokyo');
      formatDateTime('2025-03-07T09:05:00Z', 'Asia/Tokyo');
      expect(dateFormat({ month: 'long', year: 'numeric', timeZone: 'Asia/Tokyo' })).toBe(first);
      // The first call of each: one for the month-year, one for formatDateTime's parts in that zone.
      expect(built).toHaveBeenCalledTimes(2);
    } finally {
      built.mockRestore();
    }
  });
});

describe('formatLongDate', () => {
  it('writes the UTC day in words', () => {
    expect(formatLongDate('2026-11-26T23:30:00Z')).toBe('November 26, 2026');
    expect(formatLongDate(new Date('2026-01-01T00:00:00Z'))).toBe('January 1, 2026');
  });
});
