import { formatDateTime } from './date-format.js';

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
