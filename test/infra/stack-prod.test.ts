import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createApp } from '../../infra/app';
import { buildFunctions } from '../../infra/build-functions';
import { EMAIL_FROM_PLACEHOLDER } from '../../infra/stage-config';
import * as ENV from '../../shared/env-vars';
import { routes, schedules, streamConsumers, subscribers, workers } from '../../shared/routes';

import {
  built,
  type Cfn,
  dev,
  functionOfRoute,
  functionsOutdir,
  type Json,
  ofType,
  PROD_FLAGS,
  synthesizeStages,
  templates,
  testRoutes,
  testWorkers,
  tmp,
} from './support/stack-setup';

synthesizeStages();

describe('production readiness', () => {
  const prod = () => templates.prod;
  const routeFunctions = (json: Json) =>
    Object.entries(testRoutes).map(([key, row]) => ({
      key,
      row,
      fn: functionOfRoute(json, `${row.method} ${row.path}`)[1],
    }));

  test('prod refuses to build without an alarm address or with a placeholder sender, naming the flag', () => {
    const build = (config: object) => () =>
      createApp({
        stage: 'prod',
        outdir: path.join(tmp, 'refused'),
        functionsOutdir,
        webDir: path.join(tmp, 'no-web-build'),
        routes: testRoutes,
        workers: testWorkers,
        skipBuild: true,
        config,
      });
    expect(build({ emailFrom: PROD_FLAGS.emailFrom })).toThrow('add -c alarmEmail=ops@your-domain');
    expect(build({ alarmEmail: 'ops@example.com', emailFrom: PROD_FLAGS.emailFrom })).toThrow(
      '-c alarmEmail=',
    );
    expect(build({ alarmEmail: PROD_FLAGS.alarmEmail })).toThrow(
      `prod needs a real sender verified in SES, not ${EMAIL_FROM_PLACEHOLDER}: add -c emailFrom=orders@your-domain`,
    );
    expect(build({ ...PROD_FLAGS, region: 'eu-west-1' })).toThrow(
      'a WAF web ACL for CloudFront needs region us-east-1',
    );
  });

  test('a WAF web ACL guards the distribution in prod only: managed rules and a per-IP rate on public writes', () => {
    expect(ofType(dev().json, 'AWS::WAFv2::WebACL')).toHaveLength(0);
    const [[aclId, acl]] = ofType(prod().json, 'AWS::WAFv2::WebACL');
    expect(acl.Properties?.Scope).toBe('CLOUDFRONT');
    const rules = acl.Properties?.Rules as Cfn[];
    expect(rules.map((r) => r.Name)).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
      'PublicWritesPerIp',
    ]);
    const rate = rules[3].Statement.RateBasedStatement;
    expect(rate).toMatchObject({ AggregateKeyType: 'IP', Limit: 100, EvaluationWindowSec: 300 });
    expect(JSON.stringify(rate.ScopeDownStatement)).toContain('/api/webhooks/');
    const [, distribution] = ofType(prod().json, 'AWS::CloudFront::Distribution')[0];
    expect(distribution.Properties?.DistributionConfig.WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  test('every route has its own throttle on the stage; public writes the tightest', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const { json } = templates[stage];
      const [, apiStage] = ofType(json, 'AWS::ApiGatewayV2::Stage')[0];
      const settings = apiStage.Properties?.RouteSettings as Record<string, Cfn>;
      expect(Object.keys(settings).sort()).toEqual(
        Object.values(testRoutes)
          .map((r) => `${r.method} ${r.path}`)
          .sort(),
      );
      const checkout = settings[`${routes.createOrder.method} ${routes.createOrder.path}`];
      const catalogue = settings[`${routes.listProducts.method} ${routes.listProducts.path}`];
      const webhook = settings[`${routes.easypostWebhook.method} ${routes.easypostWebhook.path}`];
      expect(checkout.ThrottlingRateLimit).toBeLessThan(catalogue.ThrottlingRateLimit);
      expect(webhook).toEqual(catalogue);
      expect(catalogue.ThrottlingRateLimit).toBeLessThan(
        apiStage.Properties?.DefaultRouteSettings.ThrottlingRateLimit,
      );
    }
  });

  test("label and SMS workers run at the providers' pace; webhooks keep reserved concurrency in prod", () => {
    for (const stage of ['dev', 'prod'] as const) {
      const { json } = templates[stage];
      for (const [name, cap] of [
        ['LabelJobs', workers.labelWorker.maxConcurrency],
        ['SmsJobs', workers.smsWorker.maxConcurrency],
      ] as const) {
        const mappings = ofType(json, 'AWS::Lambda::EventSourceMapping').filter(([, e]) =>
          JSON.stringify(e.Properties?.EventSourceArn).includes(name),
        );
        expect(mappings.length).toBeGreaterThan(0);
        for (const [, mapping] of mappings) {
          if (JSON.stringify(mapping.Properties?.FunctionName).includes('smsProbe')) continue;
          expect(mapping.Properties?.ScalingConfig).toEqual({ MaximumConcurrency: cap });
        }
      }
      for (const { row, fn } of routeFunctions(json)) {
        const reserved = fn.Properties?.ReservedConcurrentExecutions;
        expect(reserved).toBe(row.webhook && stage === 'prod' ? 5 : undefined);
      }
    }
  });

  test('functions log JSON lines naming their key; prod traces them', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const { json } = templates[stage];
      for (const [, fn] of ofType(json, 'AWS::Lambda::Function')) {
        const key = fn.Properties?.Environment?.Variables?.[ENV.functionKey];
        if (!key) continue; // CDK's own (bucket deployment, auto-delete) functions
        expect(fn.Properties?.LoggingConfig).toMatchObject({ LogFormat: 'JSON' });
        expect(fn.Properties?.TracingConfig).toEqual(stage === 'prod' ? { Mode: 'Active' } : undefined);
      }
      for (const { key, fn } of routeFunctions(json)) {
        expect(fn.Properties?.Environment.Variables[ENV.functionKey]).toBe(key);
      }
    }
  });

  test("the operator's alarms exist, and in prod every alarm notifies the alarm topic", () => {
    const alarmIds = ofType(prod().json, 'AWS::CloudWatch::Alarm').map(([id]) => id);
    for (const name of [
      'LambdaThrottles',
      'ApiServerErrors',
      'QueueAgeLabelJobs',
      'QueueAgeEmailJobs',
      'QueueAgeSmsJobs',
      'TableThrottles',
      'SesBounceRate',
      'SesComplaintRate',
      'LabelPermanentFailures',
      'OutboxPermanentFailures',
      'ScheduleFailures',
    ]) {
      expect(alarmIds.filter((id) => id.startsWith(`Monitoring${name}`))).toHaveLength(1);
    }
    const [[topicId]] = ofType(prod().json, 'AWS::SNS::Topic').filter(([id]) => id.includes('AlarmTopic'));
    for (const [id, alarm] of ofType(prod().json, 'AWS::CloudWatch::Alarm')) {
      expect([id, alarm.Properties?.AlarmActions]).toEqual([id, [{ Ref: topicId }]]);
    }
    const [, labels] = ofType(prod().json, 'AWS::CloudWatch::Alarm').find(([id]) =>
      id.startsWith('MonitoringLabelPermanentFailures'),
    )!;
    expect(labels.Properties).toMatchObject({
      Namespace: 'Buyback',
      MetricName: 'LabelPermanentFailures',
      Dimensions: [{ Name: 'Stage', Value: 'prod' }],
    });
    const [, outbox] = ofType(prod().json, 'AWS::CloudWatch::Alarm').find(([id]) =>
      id.startsWith('MonitoringOutboxPermanentFailures'),
    )!;
    expect(outbox.Properties).toMatchObject({
      Namespace: 'Buyback',
      MetricName: 'OutboxPermanentFailures',
      Dimensions: [{ Name: 'Stage', Value: 'prod' }],
      Threshold: 1,
    });
  });
});

describe('buildFunctions', () => {
  test('writes one CommonJS bundle per route and worker, SDK included', () => {
    // The shared build is buildFunctions' output for the real tables; the test tables' folder is laid out from it.
    for (const key of Object.keys({
      ...routes,
      ...workers,
      ...schedules,
      ...subscribers,
      ...streamConsumers,
    })) {
      expect(existsSync(path.join(built.build.dir, key, 'index.js'))).toBe(true);
      expect(JSON.parse(readFileSync(path.join(built.build.dir, key, 'package.json'), 'utf8'))).toEqual({
        type: 'commonjs',
      });
    }
    for (const key of [...Object.keys(testRoutes), ...Object.keys(testWorkers)]) {
      const bundle = path.join(functionsOutdir, key, 'index.js');
      expect(existsSync(bundle)).toBe(true);
      expect(JSON.parse(readFileSync(path.join(functionsOutdir, key, 'package.json'), 'utf8'))).toEqual({
        type: 'commonjs',
      });
    }
    const [, worker] = Object.entries(built.metafile.outputs).find(([file]) =>
      file.endsWith('emailWorker/index.js'),
    )!;
    const bundled = Object.keys(worker.inputs);
    expect(bundled.some((input) => input.includes('node_modules/@aws-sdk/client-sesv2/'))).toBe(true);
    expect(worker.imports.filter((i) => i.external && i.path.startsWith('@aws-sdk/'))).toEqual([]);
  });

  test("a function that does not compile fails the build with esbuild's message (from the bundler's child process)", () => {
    const sourceDir = path.join(tmp, 'broken-source');
    mkdirSync(path.join(sourceDir, 'bad'), { recursive: true });
    writeFileSync(path.join(sourceDir, 'bad', 'handler.ts'), 'export const handler = (;\n');
    const broken = { bad: { ...testRoutes.getProduct, handler: 'bad/handler' } };
    expect(() =>
      buildFunctions(path.join(tmp, 'broken-build'), {
        routes: broken,
        workers: {},
        schedules: {},
        subscribers: {},
        streamConsumers: {},
        sourceDir,
      }),
    ).toThrow(/Bundling the functions failed:[\s\S]*bad\/handler\.ts/);
  });

  test('a row whose handler file is missing fails with its name', () => {
    const broken = { ...testRoutes, ghost: { ...testRoutes.getProduct, handler: 'nowhere/ghost' } };
    expect(() => buildFunctions(path.join(tmp, 'broken'), { routes: broken })).toThrow(
      /ghost: functions\/nowhere\/ghost\.ts/,
    );
  });
});
