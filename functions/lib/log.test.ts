import { LABEL_FAILURES_METRIC } from '../../shared/runtime-env';
import { countMetric, log } from './log';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  jest.restoreAllMocks();
});

test('a log line names the function and carries the data', () => {
  process.env.FUNCTION_KEY = 'createOrder';
  const write = jest.spyOn(console, 'warn').mockImplementation(() => {});
  log('warn', 'slow provider', { ms: 1200 });
  const line = JSON.parse(write.mock.calls[0][0]);
  expect(line).toMatchObject({ level: 'warn', message: 'slow provider', route: 'createOrder', ms: 1200 });
});

test("under Lambda's JSON log format the entry goes to the console as an object, not as text", () => {
  process.env.AWS_LAMBDA_LOG_FORMAT = 'JSON';
  process.env.FUNCTION_KEY = 'labelWorker';
  const write = jest.spyOn(console, 'error').mockImplementation(() => {});
  log('error', 'label failed');
  expect(write.mock.calls[0][0]).toMatchObject({
    level: 'error',
    message: 'label failed',
    route: 'labelWorker',
  });
});

test('a counted metric is one embedded-metric-format line on stdout, dimensioned by stage', () => {
  process.env.STAGE = 'prod';
  process.env.AWS_LAMBDA_LOG_FORMAT = 'JSON';
  const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  countMetric(LABEL_FAILURES_METRIC);
  const line = JSON.parse(String(write.mock.calls[0][0]));
  expect(line._aws.CloudWatchMetrics).toEqual([
    {
      Namespace: 'Buyback',
      Dimensions: [['Stage']],
      Metrics: [{ Name: LABEL_FAILURES_METRIC, Unit: 'Count' }],
    },
  ]);
  expect(line).toMatchObject({ Stage: 'prod', [LABEL_FAILURES_METRIC]: 1 });
});
