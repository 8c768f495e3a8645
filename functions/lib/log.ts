import * as ENV from '../../shared/env-vars.js';
import { METRICS_NAMESPACE } from '../../shared/runtime-env.js';

type Level = 'info' | 'warn' | 'error';

const consoleOf = (level: Level) =>
  level === 'error' ? console.error : level === 'warn' ? console.warn : console.log;

/**
 * One structured line per event, naming the function (its route or worker key). In AWS the functions use
 * Lambda's JSON log format, which wraps each console call in `{timestamp, level, requestId, message}`: given an
 * object, `message` stays an object, so Logs Insights can query `message.route` beside the request id. Elsewhere
 * (the local stack, tests) the line is printed as JSON text.
 */
export function log(level: Level, message: string, data: Record<string, unknown> = {}): void {
  const entry = {
    level,
    message,
    route: process.env[ENV.functionKey],
    ...data,
    time: new Date().toISOString(),
  };
  if (process.env.AWS_LAMBDA_LOG_FORMAT === 'JSON') consoleOf(level)(entry);
  else consoleOf(level)(JSON.stringify(entry));
}

export const errorDetails = (error: unknown): Record<string, unknown> =>
  error instanceof Error
    ? { error: error.message, name: error.name, stack: error.stack }
    : { error: String(error) };

/**
 * Counts one event as a CloudWatch metric in the embedded metric format: no API call, the line itself is the
 * metric. Written straight to stdout, because Lambda's JSON log format would wrap a console line (and the `_aws`
 * block must be at the top level to be read).
 */
export function countMetric(name: string, dimensions: Record<string, string> = {}): void {
  const all = { Stage: process.env[ENV.stage] ?? 'local', ...dimensions };
  const line = {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [Object.keys(all)],
          Metrics: [{ Name: name, Unit: 'Count' }],
        },
      ],
    },
    ...all,
    [name]: 1,
    route: process.env[ENV.functionKey],
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
