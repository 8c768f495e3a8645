import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { dateFormat, dateTimeParts, formatDateTime, formatLongDate, formatShortDay } from './date-format.js';

/** The Intl options of the spec's 'MMM d, yyyy HH:mm', less the zone: what formatDateTime is held to. */
const DATE_TIME_OPTIONS = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const satisfies Intl.DateTimeFormatOptions;

describe('formatDateTime', () => {
  it("formats as 'MMM d, yyyy HH:mm' in UTC when asked", () => {
    expect(formatDateTime('2025-03-07T09:05:00Z', 'UTC')).toBe('Mar 7, 2025 09:05');
    expect(formatDateTime('2025-12-31T23:30:00Z', 'UTC')).toBe('Dec 31, 2025 23:30');
  });

  it('shows midnight as 00, not 24', () => {
    expect(formatDateTime('2025-01-01T00:00:00Z', 'UTC')).toBe('Jan 1, 2025 00:00');
  });

  it('returns anything that is not a date unchanged', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });

  it('gives its day and time apart for lists that set them on two lines (null for no date)', () => {
    expect(dateTimeParts('2025-03-07T09:05:00Z', 'UTC')).toEqual({ day: 'Mar 7, 2025', time: '09:05' });
    expect(dateTimeParts('soon')).toBeNull();
  });
});

describe('dateFormat', () => {
  it('builds one formatter per set of options and keeps it', () => {
    const built = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      const first = dateFormat({ month: 'long', year: 'numeric', timeZone: 'Asia/Tokyo' });
      for (let i = 0; i < 5; i++) formatLongDate('2025-03-07T09:05:00Z');
      expect(dateFormat({ month: 'long', year: 'numeric', timeZone: 'Asia/Tokyo' })).toBe(first);
      // The first call of each: one for the month-year, one for formatLongDate's.
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

describe('written without Intl, as en-US Intl writes them', () => {
  // A time every 7 h 13 min over two years: every month, both sides of DST changes, midnight and noon.
  const times = Array.from({ length: 2500 }, (_, i) => new Date(Date.UTC(2027, 0, 1) + i * 433 * 60_000));
  const intlDateTime = (timeZone: string) => {
    const format = new Intl.DateTimeFormat('en-US', { ...DATE_TIME_OPTIONS, timeZone });
    return (date: Date) => {
      const p = Object.fromEntries(format.formatToParts(date).map((x) => [x.type, x.value]));
      return `${p.month} ${p.day}, ${p.year} ${p.hour}:${p.minute}`;
    };
  };

  it('formatDateTime in UTC', () => {
    const utc = intlDateTime('UTC');
    for (const date of times) expect(formatDateTime(date.toISOString(), 'UTC')).toBe(utc(date));
  });

  // The viewer's zone is the process's: each zone runs in a Node of its own (TZ is read when Node starts).
  it.each(['America/Los_Angeles', 'America/St_Johns', 'Australia/Lord_Howe'])(
    'formatDateTime in the viewer’s zone (%s)',
    (zone) => {
      const script = `
        import { formatDateTime } from ${JSON.stringify(join(__dirname, 'date-format.ts'))};
        const format = new Intl.DateTimeFormat('en-US', ${JSON.stringify(DATE_TIME_OPTIONS)});
        const bad = [];
        for (let i = 0; i < 2500; i++) {
          const date = new Date(Date.UTC(2027, 0, 1) + i * 433 * 60_000);
          const p = Object.fromEntries(format.formatToParts(date).map((x) => [x.type, x.value]));
          const want = p.month + ' ' + p.day + ', ' + p.year + ' ' + p.hour + ':' + p.minute;
          const got = formatDateTime(date.toISOString());
          if (got !== want) bad.push(date.toISOString() + ': ' + got + ' != ' + want);
        }
        console.log(JSON.stringify({ zone: format.resolvedOptions().timeZone, bad: bad.slice(0, 3) }));`;
      const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        env: { ...process.env, TZ: zone },
        encoding: 'utf8',
      });
      expect(JSON.parse(out)).toEqual({ zone, bad: [] });
    },
  );

  it('formatShortDay writes every day of a leap year, with and without the year', () => {
    const withYear = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const withoutYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    for (let i = 0; i < 366; i++) {
      const date = new Date(Date.UTC(2028, 0, 1 + i));
      const day = date.toISOString().slice(0, 10);
      expect(formatShortDay(day)).toBe(withoutYear.format(date));
      expect(formatShortDay(day, true)).toBe(withYear.format(date));
    }
    expect(formatShortDay('not a day')).toBe('not a day');
  });
});
