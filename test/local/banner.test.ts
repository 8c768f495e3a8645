import { banner } from '../../infra/local/banner';

const site = 'http://localhost:3400';
const stack = {
  profile: 'test' as const,
  urls: {
    site,
    api: `${site}/api`,
    apiDirect: `${site}/__direct/api`,
    mail: 'http://localhost:8405/',
    mailStore: 'http://localhost:8405/store',
    cognito: 'http://localhost:9629',
    dynamodb: 'http://127.0.0.1:8400',
    sqs: 'http://127.0.0.1:9724',
    s3: 'http://127.0.0.1:4969',
    ses: 'http://127.0.0.1:8405',
    easypost: 'http://localhost:4410',
    twilio: 'http://localhost:4411',
    breachRange: `${site}/__local/breach/range/`,
    breachMode: `${site}/__local/breach/mode`,
    sesBounce: `${site}/__local/ses/bounce`,
    sesComplaint: `${site}/__local/ses/complaint`,
    sesIdentity: `${site}/__local/ses/identity`,
  },
  admin: { email: 'admin@example.com', password: 'pw' },
  schedules: { refundExpiredLabels: `${site}/__local/schedules/refundExpiredLabels` },
  scheduleTitles: { refundExpiredLabels: 'Refund unused labels' },
  tableName: 'buyback-dev-DataTable',
  userPoolId: 'local_pool',
  dataDir: '/tmp/x',
  startupMs: 14_200,
  seeded: true,
};

test("a schedule's line says in words what it does and how to run it now", () => {
  const lines = banner(stack).split('\n');
  const line = lines.find((l) => l.includes('/__local/schedules/'));
  expect(line?.trim()).toMatch(
    /^Scheduled job\s+Refund unused labels now: curl -X POST http:\/\/localhost:3400\/__local\/schedules\/refundExpiredLabels$/,
  );
  expect(banner(stack)).not.toMatch(/Schedules\w*Rule/);
});
