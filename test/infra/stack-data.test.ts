import { ORDER_LIST_ATTRIBUTES } from '../../functions/lib/entities';
import * as ENV from '../../shared/env-vars';
import { schedules, streamConsumers, workers } from '../../shared/routes';
import { TABLE_INDEXES, TTL_ATTRIBUTE } from '../../shared/runtime-env';

import {
  dev,
  functionOfRoute,
  type Json,
  ofType,
  pascalQueue,
  refOf,
  synthesizeStages,
  templates,
  testWorkers,
} from './support/stack-setup';

synthesizeStages();

describe('jobs', () => {
  const queues = (json: Json) =>
    ofType(json, 'AWS::SQS::Queue').filter(([, q]) => q.Properties?.RedrivePolicy);

  test('each of the three queues has a DLQ (5 receives, 14 days) and an alarm on its first message', () => {
    const { json, template } = dev();
    expect(queues(json)).toHaveLength(3);
    for (const [, queue] of queues(json)) {
      expect(queue.Properties?.RedrivePolicy.maxReceiveCount).toBe(5);
      expect(queue.Properties?.SqsManagedSseEnabled).toBe(true);
      const dlqId = refOf(queue.Properties?.RedrivePolicy.deadLetterTargetArn)!;
      expect(json.Resources[dlqId].Properties).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600 });
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Namespace: 'AWS/SQS',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
      });
    }
    // SSL enforced on every queue, DLQs included (and the outbox relay's on-failure queue).
    const policies = ofType(json, 'AWS::SQS::QueuePolicy');
    expect(policies).toHaveLength(7);
    for (const [, policy] of policies)
      expect(JSON.stringify(policy)).toContain('"aws:SecureTransport":"false"');
  });

  test('each schedule row is an EventBridge rule on its own function, retried twice', () => {
    const { json } = dev();
    const rules = ofType(json, 'AWS::Events::Rule');
    expect(rules).toHaveLength(Object.keys(schedules).length);
    for (const [key, def] of Object.entries(schedules)) {
      const [, rule] = rules.find(([id]) => id.startsWith(`Schedules${key}Rule`))!;
      expect(rule.Properties?.ScheduleExpression).toBe(def.schedule);
      expect(rule.Properties?.Targets[0].Arn['Fn::GetAtt'][0]).toMatch(
        new RegExp(`^Schedules${key}Function`),
      );
      expect(rule.Properties?.Targets[0].RetryPolicy).toEqual({ MaximumRetryAttempts: 2 });
    }
  });

  test('workers know their own queue and retry base, for backoff', () => {
    const { json } = dev();
    const fns = ofType(json, 'AWS::Lambda::Function');
    const [, label] = fns.find(([id]) => id.startsWith('JobslabelWorkerFunction'))!;
    const vars = label.Properties?.Environment.Variables;
    expect(vars[ENV.jobQueueUrl]).toEqual({ Ref: expect.stringMatching(/^JobsLabelJobsQueue/) });
    expect(vars[ENV.jobRetryBaseSeconds]).toBe(String(workers.labelWorker.retryBaseSeconds));
  });

  test('visibility timeout is 6x the worker timeout', () => {
    const { json } = dev();
    const visibility = (id: string) =>
      queues(json).find(([logicalId]) => logicalId.includes(id))![1].Properties?.VisibilityTimeout;
    expect(visibility('EmailJobs')).toBe(6 * workers.emailWorker.timeoutSeconds);
    expect(visibility('LabelJobs')).toBe(6 * workers.labelWorker.timeoutSeconds);
    expect(visibility('SmsJobs')).toBe(6 * 45);
  });

  test('every worker is subscribed with partial batch responses and its batch size', () => {
    const { json } = dev();
    const mappings = ofType(json, 'AWS::Lambda::EventSourceMapping').filter(
      ([, m]) => refOf(m.Properties?.EventSourceArn) !== undefined && !m.Properties?.StartingPosition,
    );
    expect(mappings).toHaveLength(Object.keys(testWorkers).length);
    for (const [key, worker] of Object.entries(testWorkers)) {
      const queueId = pascalQueue(worker.queue);
      const [, mapping] = mappings.find(([id]) => id.startsWith(`Jobs${key}`))!;
      expect(mapping.Properties).toMatchObject({
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        BatchSize: worker.batchSize,
        MaximumBatchingWindowInSeconds: expect.any(Number),
      });
      expect(refOf(mapping.Properties?.EventSourceArn)).toMatch(new RegExp(`^Jobs${queueId}Queue`));
      expect(json.Resources[refOf(mapping.Properties?.FunctionName)!].Properties?.Timeout).toBe(
        worker.timeoutSeconds,
      );
    }
  });
});

describe('outbox', () => {
  test("the table's stream (new images) feeds the outbox relay: outbox inserts only, bisect, retries, a DLQ", () => {
    const { json, template } = dev();
    const [tableId, table] = ofType(json, 'AWS::DynamoDB::Table')[0];
    expect(table.Properties?.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    const streamMappings = ofType(json, 'AWS::Lambda::EventSourceMapping').filter(
      ([, m]) => m.Properties?.EventSourceArn?.['Fn::GetAtt']?.[1] === 'StreamArn',
    );
    expect(streamMappings).toHaveLength(Object.keys(streamConsumers).length);
    const [, mapping] = streamMappings[0];
    const def = streamConsumers.outboxRelay;
    expect(mapping.Properties?.EventSourceArn).toEqual({ 'Fn::GetAtt': [tableId, 'StreamArn'] });
    expect(mapping.Properties).toMatchObject({
      BatchSize: def.batchSize,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: def.retryAttempts,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      StartingPosition: 'TRIM_HORIZON',
    });
    const patterns = mapping.Properties?.FilterCriteria.Filters.map((f: { Pattern: string }) =>
      JSON.parse(f.Pattern),
    );
    expect(patterns).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['outbox'] } } } },
    ]);
    const dlqId = mapping.Properties?.DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0];
    expect(json.Resources[dlqId].Type).toBe('AWS::SQS::Queue');
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
    });
    const fn = json.Resources[refOf(mapping.Properties?.FunctionName)!];
    expect(Object.keys(fn.Properties?.Environment.Variables)).toContain(ENV.emailQueueUrl);
  });
});

describe('data', () => {
  test('one table: pk/sk, the GSIs, on-demand, PITR, TTL, AWS-managed encryption', () => {
    const { json } = dev();
    const tables = ofType(json, 'AWS::DynamoDB::Table');
    expect(tables).toHaveLength(1);
    const props = tables[0][1].Properties!;
    expect(props).toMatchObject({
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      SSESpecification: { SSEEnabled: true },
    });
    expect(props.GlobalSecondaryIndexes).toHaveLength(Object.keys(TABLE_INDEXES).length);
    for (const index of Object.values(TABLE_INDEXES)) {
      expect(props.GlobalSecondaryIndexes).toContainEqual({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.pk, KeyType: 'HASH' },
          { AttributeName: index.sk, KeyType: 'RANGE' },
        ],
        Projection:
          index === TABLE_INDEXES.orderList
            ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...ORDER_LIST_ATTRIBUTES] }
            : { ProjectionType: 'ALL' },
      });
      expect(props.AttributeDefinitions).toContainEqual({ AttributeName: index.pk, AttributeType: 'S' });
      expect(props.AttributeDefinitions).toContainEqual({ AttributeName: index.sk, AttributeType: 'S' });
    }
  });

  test('prod keeps the table (retained, deletion protection) and the buckets; dev does not', () => {
    const [, prodTable] = ofType(templates.prod.json, 'AWS::DynamoDB::Table')[0];
    expect(prodTable).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    expect(prodTable.Properties?.DeletionProtectionEnabled).toBe(true);
    for (const [, bucket] of ofType(templates.prod.json, 'AWS::S3::Bucket'))
      expect(bucket.DeletionPolicy).toBe('Retain');
    expect(ofType(templates.prod.json, 'Custom::S3AutoDeleteObjects')).toHaveLength(0);

    const [, devTable] = ofType(dev().json, 'AWS::DynamoDB::Table')[0];
    expect(devTable.DeletionPolicy).toBe('Delete');
    expect(devTable.Properties?.DeletionProtectionEnabled).toBe(false);
  });
});

describe('payout key', () => {
  const keysOf = (json: Json) => ofType(json, 'AWS::KMS::Key');
  const roleOfRoute = (json: Json, routeKey: string) =>
    refOf(functionOfRoute(json, routeKey)[1].Properties?.Role)!;

  test('one customer-managed key with rotation; prod retains it, dev does not', () => {
    const [[, devKey]] = keysOf(dev().json);
    expect(keysOf(dev().json)).toHaveLength(1);
    expect(devKey.Properties?.EnableKeyRotation).toBe(true);
    expect(devKey.DeletionPolicy).toBe('Delete');
    const [[, prodKey]] = keysOf(templates.prod.json);
    expect(prodKey.Properties?.EnableKeyRotation).toBe(true);
    expect(prodKey).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });

  test('only checkout may generate data keys and only the reveal route may decrypt, with that key only', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const { json } = templates[stage];
      const [[keyId]] = keysOf(json);
      const checkout = roleOfRoute(json, 'POST /api/orders');
      const reveal = roleOfRoute(json, 'POST /api/admin/orders/{orderId}/payout-details/reveal');
      const kmsActions = new Map<string, Set<string>>();
      for (const [, policy] of ofType(json, 'AWS::IAM::Policy')) {
        for (const statement of policy.Properties?.PolicyDocument.Statement ?? []) {
          const actions: string[] = [statement.Action].flat();
          const kms = actions.filter((a) => a.startsWith('kms:'));
          if (kms.length === 0) continue;
          // Nothing but the payout key, named by its ARN.
          expect([statement.Resource].flat()).toEqual([{ 'Fn::GetAtt': [keyId, 'Arn'] }]);
          for (const role of policy.Properties?.Roles ?? []) {
            const seen = kmsActions.get(role.Ref) ?? new Set<string>();
            for (const action of kms) seen.add(action);
            kmsActions.set(role.Ref, seen);
          }
        }
      }
      expect([...kmsActions.keys()].sort()).toEqual([checkout, reveal].sort());
      expect([...kmsActions.get(checkout)!]).toEqual(['kms:GenerateDataKey']);
      expect([...kmsActions.get(reveal)!]).toEqual(['kms:Decrypt']);
      // The two functions, and only they, are told the key.
      const withKey = ofType(json, 'AWS::Lambda::Function').filter(
        ([, fn]) => fn.Properties?.Environment?.Variables?.[ENV.payoutKeyArn],
      );
      expect(withKey.map(([, fn]) => refOf(fn.Properties?.Role)).sort()).toEqual([checkout, reveal].sort());
    }
  });

  test("the order list's index never projects the payout details", () => {
    expect(ORDER_LIST_ATTRIBUTES as readonly string[]).not.toContain('payment_details');
    expect(ORDER_LIST_ATTRIBUTES as readonly string[]).not.toContain('payment_details_masked');
  });
});

describe('storage', () => {
  test('every bucket blocks all public access, is encrypted and refuses plain HTTP', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const { json } = templates[stage];
      const buckets = ofType(json, 'AWS::S3::Bucket');
      expect(buckets).toHaveLength(3);
      for (const [id, bucket] of buckets) {
        expect(bucket.Properties).toMatchObject({
          PublicAccessBlockConfiguration: {
            BlockPublicAcls: true,
            BlockPublicPolicy: true,
            IgnorePublicAcls: true,
            RestrictPublicBuckets: true,
          },
          BucketEncryption: {
            ServerSideEncryptionConfiguration: [
              { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
            ],
          },
        });
        const [, policy] = ofType(json, 'AWS::S3::BucketPolicy').find(
          ([, p]) => refOf(p.Properties?.Bucket) === id,
        )!;
        expect(policy.Properties?.PolicyDocument.Statement).toContainEqual(
          expect.objectContaining({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        );
      }
    }
  });

  test('the images bucket accepts presigned uploads from the site origin', () => {
    const [, images] = ofType(dev().json, 'AWS::S3::Bucket').find(([id]) =>
      id.startsWith('StorageImagesBucket'),
    )!;
    const [rule] = images.Properties!.CorsConfiguration.CorsRules;
    expect(rule.AllowedMethods).toEqual(expect.arrayContaining(['PUT', 'POST']));
    expect(rule.AllowedOrigins).toContain('https://*.cloudfront.net');
  });
});
