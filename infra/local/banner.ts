/** What `npm start` prints once the local stack is up: where everything is, and how to poke it. */
import type { LocalStack } from './stack-runner.js';

export type BannerInput = Pick<
  LocalStack,
  | 'profile'
  | 'urls'
  | 'admin'
  | 'schedules'
  | 'scheduleTitles'
  | 'tableName'
  | 'userPoolId'
  | 'dataDir'
  | 'startupMs'
  | 'seeded'
>;

export function banner(s: BannerInput): string {
  const rows: Array<[string, string]> = [
    ['Site', s.urls.site],
    ['API', s.urls.api],
    ['Admin login', `${s.admin.email}  /  ${s.admin.password}`],
    ['Mail viewer', `${s.urls.mail}  (captured mail as JSON: ${s.urls.mailStore})`],
    ['Mail bounce', `curl -X POST ${s.urls.sesBounce} -d '{"to":"seller@example.com"}'  (or ses/complaint)`],
    ['EasyPost (test)', `${s.urls.easypost}  (test labels only; every label says TEST)`],
    ['Twilio (test)', `${s.urls.twilio}  (SMS stay on this machine: ${s.urls.twilio}/__control/messages)`],
    [
      'Breach check',
      `curl -X POST ${s.urls.breachMode} -d '{"mode":"fail"}'  (ok, fail or hang; fixture passwords in infra/fakes/breach-fixtures.ts)`,
    ],
    // One line per scheduled function, in the words of its row in shared/routes.ts.
    ...Object.entries(s.schedules).map(([name, url]): [string, string] => [
      'Scheduled job',
      `${s.scheduleTitles[name] ?? name} now: curl -X POST ${url}`,
    ]),
    // The stack outputs an operator passes to `npm run ops -- ... --local` (README 'First deploy').
    ['Table, user pool', `${s.tableName}, ${s.userPoolId}`],
    ['Data folder', s.dataDir + (s.profile === 'test' ? '  (temporary, removed on stop)' : '')],
    [
      'Started in',
      `${(s.startupMs / 1000).toFixed(1)} s${s.seeded ? ', catalogue and settings seeded' : ''}`,
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    '',
    `  StripBuyback is running locally (${s.profile} profile)`,
    '',
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}   ${value}`),
    '',
    '  Ctrl-C to stop.',
    '',
  ].join('\n');
}
