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

const parts = (timeZone?: string) =>
  dateFormat({
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });

/** 'November 26, 2026': the day of an ISO time in UTC, as e-mails write it. */
export const formatLongDate = (value: string | Date): string =>
  dateFormat({ year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(value));

/**
 * The spec's date format 'MMM d, yyyy HH:mm' (000 §9), in the viewer's time zone unless one is given. A value
 * that is not a date is shown as it came.
 */
export function formatDateTime(value: string, timeZone?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const p = Object.fromEntries(
    parts(timeZone)
      .formatToParts(date)
      .map((x) => [x.type, x.value]),
  );
  return `${p.month} ${p.day}, ${p.year} ${p.hour}:${p.minute}`;
}
