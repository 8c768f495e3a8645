/** One JSON line per event, so CloudWatch Logs Insights can query fields. */
export function log(
  level: 'info' | 'warn' | 'error',
  message: string,
  data: Record<string, unknown> = {},
): void {
  const line = JSON.stringify({ level, message, ...data, time: new Date().toISOString() });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

export const errorDetails = (error: unknown): Record<string, unknown> =>
  error instanceof Error
    ? { error: error.message, name: error.name, stack: error.stack }
    : { error: String(error) };
