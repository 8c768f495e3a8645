const parts = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });

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
