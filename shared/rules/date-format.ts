const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An en-US date formatter for `options`, built on first use and kept. Building one loads locale data (several
 * milliseconds on a phone, each time): `toLocaleDateString(locale, options)` builds one per call, so a list of
 * 28 product cards or 50 orders paid for 28 or 50 of them while the page rendered.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', options);
    formatters.set(key, format);
  }
  return format;
}

/** 'November 26, 2026': the day of an ISO time in UTC, as e-mails write it. */
export const formatLongDate = (value: string | Date): string =>
  dateFormat({ year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(value));

/** The months' names as en-US writes them (`month: 'long'`); their first three letters are `month: 'short'`. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const shortMonth = (month: number): string => MONTHS[month].slice(0, 3);
const twoDigits = (n: number): string => String(n).padStart(2, '0');

/**
 * 'Nov 23' (or 'Nov 23, 2026' `withYear`) for a UTC day written '2026-11-23', as en-US `Intl.DateTimeFormat`
 * writes `{ month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }` (a test holds them together).
 */
export function formatShortDay(day: string, withYear = false): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  const text = `${shortMonth(date.getUTCMonth())} ${date.getUTCDate()}`;
  return withYear ? `${text}, ${date.getUTCFullYear()}` : text;
}

/**
 * The spec's date format 'MMM d, yyyy HH:mm' (000 §9) in its two parts, the day ('MMM d, yyyy') and the time
 * ('HH:mm'), in the viewer's time zone (or UTC); null for a value that is not a date. Written from the Date's own
 * fields, as en-US Intl writes them (a test holds them together, in several zones): the first Intl date formatter
 * a page builds loads the locale's calendar data, in the middle of rendering a list of orders
 * (docs/performance.md, "Web: Intl").
 */
export function dateTimeParts(
  value: string,
  zone: 'viewer' | 'UTC' = 'viewer',
): { day: string; time: string } | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const utc = zone === 'UTC';
  const month = utc ? date.getUTCMonth() : date.getMonth();
  const day = utc ? date.getUTCDate() : date.getDate();
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const hours = utc ? date.getUTCHours() : date.getHours();
  const minutes = utc ? date.getUTCMinutes() : date.getMinutes();
  return { day: `${shortMonth(month)} ${day}, ${year}`, time: `${twoDigits(hours)}:${twoDigits(minutes)}` };
}

/** 'MMM d, yyyy HH:mm' (dateTimeParts); a value that is not a date is shown as it came. */
export function formatDateTime(value: string, zone: 'viewer' | 'UTC' = 'viewer'): string {
  const parts = dateTimeParts(value, zone);
  return parts ? `${parts.day} ${parts.time}` : value;
}
