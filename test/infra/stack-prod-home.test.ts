/**
 * Issue 41, "Production home": the prod template on its own domain, the API reachable only through CloudFront,
 * keys only where they are used.
 */
import path from 'node:path';
import { createApp } from '../../infra/app';
import { DEPLOYED_SIGN_IN_FLOW } from '../../infra/stack';
import * as ENV from '../../shared/env-vars';
import { ORIGIN_VERIFY_HEADER } from '../../shared/runtime-env';
import {
  type Cfn,
  dev,
  flattenJoin,
  functionOfRoute,
  functionsOutdir,
  type Json,
  ofType,
  PROD_FLAGS,
  refOf,
  synthesizeStages,
  templates,
  testRoutes,
  testWorkers,
  tmp,
} from './support/stack-setup';

synthesizeStages();

const prod = () => templates.prod.json;
const one = (json: Json, type: string) => {
  const found = ofType(json, type);
  expect(found).toHaveLength(1);
  return found[0][1];
};
const distributionConfig = (json: Json) =>
  one(json, 'AWS::CloudFront::Distribution').Properties?.DistributionConfig;
const policiesOfRole = (json: Json, roleId: string) =>
  ofType(json, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties?.Roles.some((r: Cfn) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties?.PolicyDocument.Statement as Cfn[]);

describe('the shop on its own domain', () => {
  test('prod without -c domain fails, naming the flag', () => {
    const { domain: _domain, hostedZone: _zone, ...withoutDomain } = PROD_FLAGS;
    expect(() =>
      createApp({
        stage: 'prod',
        outdir: path.join(tmp, 'no-domain'),
        functionsOutdir,
        webDir: path.join(tmp, 'no-web-build'),
        routes: testRoutes,
        workers: testWorkers,
        skipBuild: true,
        config: withoutDomain,
      }),
    ).toThrow('add -c domain=');
  });

  test('one DNS-validated certificate for the site and api.<domain>, validated in the zone', () => {
    const cert = one(prod(), 'AWS::CertificateManager::Certificate').Properties;
    expect(cert).toMatchObject({
      DomainName: 'shop.buyback.store',
      SubjectAlternativeNames: ['api.shop.buyback.store'],
      ValidationMethod: 'DNS',
    });
    for (const option of cert?.DomainValidationOptions ?? []) {
      expect(option.HostedZoneId).toBe(PROD_FLAGS.hostedZone.id);
    }
    expect(ofType(dev().json, 'AWS::CertificateManager::Certificate')).toHaveLength(0);
  });

  test('CloudFront answers on the domain with TLS 1.2 (2021) and SNI', () => {
    const config = distributionConfig(prod());
    expect(config.Aliases).toEqual(['shop.buyback.store']);
    expect(config.ViewerCertificate).toMatchObject({
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
  });

  test("the API has its own domain, is CloudFront's /api/* origin, and its execute-api endpoint is off", () => {
    const json = prod();
    expect(one(json, 'AWS::ApiGatewayV2::Api').Properties?.DisableExecuteApiEndpoint).toBe(true);
    const domain = one(json, 'AWS::ApiGatewayV2::DomainName').Properties;
    expect(domain?.DomainName).toBe('api.shop.buyback.store');
    expect(domain?.DomainNameConfigurations[0]).toMatchObject({
      EndpointType: 'REGIONAL',
      SecurityPolicy: 'TLS_1_2',
    });
    expect(ofType(json, 'AWS::ApiGatewayV2::ApiMapping')).toHaveLength(1);
    const apiOrigin = distributionConfig(json).Origins.find((o: Cfn) => o.CustomOriginConfig);
    expect(apiOrigin.DomainName).toBe('api.shop.buyback.store');
    expect(apiOrigin.OriginCustomHeaders[0].HeaderName).toBe(ORIGIN_VERIFY_HEADER);
    // Dev without a domain keeps the execute-api endpoint as the origin.
    expect(one(dev().json, 'AWS::ApiGatewayV2::Api').Properties?.DisableExecuteApiEndpoint).toBe(false);
  });

  test('Route 53 aliases: the site (A and AAAA) to CloudFront, api.<domain> to the API', () => {
    const records = ofType(prod(), 'AWS::Route53::RecordSet').map(([, r]) => r.Properties);
    const alias = (name: string, type: string) =>
      records.find((r) => r?.Name === name && r?.Type === type && r?.AliasTarget);
    expect(alias('shop.buyback.store.', 'A')?.AliasTarget.HostedZoneId).toBe('Z2FDTNDATAQYW2');
    expect(alias('shop.buyback.store.', 'AAAA')).toBeDefined();
    expect(alias('api.shop.buyback.store.', 'A')).toBeDefined();
    for (const record of records) expect(record?.HostedZoneId).toBe(PROD_FLAGS.hostedZone.id);
  });

  test('every link the product sends is on the domain: SITE_URL of every function', () => {
    for (const [, fn] of ofType(prod(), 'AWS::Lambda::Function')) {
      const vars = fn.Properties?.Environment?.Variables;
      if (vars?.[ENV.stage]) expect(vars[ENV.siteUrl]).toBe('https://shop.buyback.store');
    }
    const [, images] = ofType(prod(), 'AWS::S3::Bucket').find(([id]) =>
      id.startsWith('StorageImagesBucket'),
    )!;
    expect(images.Properties?.CorsConfiguration.CorsRules[0].AllowedOrigins).toEqual([
      'https://shop.buyback.store',
    ]);
  });

  test("the sender's domain is an SES identity with 2048-bit DKIM and a MAIL FROM subdomain, records in the zone", () => {
    const identity = one(prod(), 'AWS::SES::EmailIdentity').Properties;
    expect(identity).toMatchObject({
      EmailIdentity: 'buyback.store',
      DkimSigningAttributes: { NextSigningKeyLength: 'RSA_2048_BIT' },
      MailFromAttributes: { MailFromDomain: 'mail.buyback.store' },
    });
    const records = ofType(prod(), 'AWS::Route53::RecordSet').map(([, r]) => r.Properties);
    expect(records.filter((r) => r?.Type === 'CNAME')).toHaveLength(3);
    expect(records.find((r) => r?.Type === 'MX')?.Name).toBe('mail.buyback.store.');
    expect(records.find((r) => r?.Type === 'TXT')?.ResourceRecords).toEqual([
      '"v=spf1 include:amazonses.com ~all"',
    ]);
  });
});

describe('staff sign-in', () => {
  test('deployed stages allow SRP only, and the auth configuration says so', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const json = templates[stage].json;
      const flows = one(json, 'AWS::Cognito::UserPoolClient').Properties?.ExplicitAuthFlows;
      expect(flows).toContain('ALLOW_USER_SRP_AUTH');
      expect(flows).not.toContain('ALLOW_USER_PASSWORD_AUTH');
      const vars = functionOfRoute(json, 'GET /api/auth/config')[1].Properties?.Environment.Variables;
      expect(vars[ENV.signInFlow]).toBe(DEPLOYED_SIGN_IN_FLOW);
    }
    expect(DEPLOYED_SIGN_IN_FLOW).toBe('USER_SRP_AUTH');
  });
});

describe('the payout key', () => {
  const keyPolicy = (json: Json) => one(json, 'AWS::KMS::Key').Properties?.KeyPolicy.Statement as Cfn[];
  const roleName = (json: Json, routeKey: string) =>
    json.Resources[refOf(functionOfRoute(json, routeKey)[1].Properties?.Role)!].Properties?.RoleName;

  test('administrators manage it but cannot use it; nobody has kms:*', () => {
    const statements = keyPolicy(prod());
    for (const st of statements) expect([st.Action].flat()).not.toContain('kms:*');
    const admin = statements.find((st) => st.Sid === 'AdministratorsManageNotUse');
    const actions: string[] = [admin.Action].flat();
    expect(actions).toEqual(expect.arrayContaining(['kms:Put*', 'kms:ScheduleKeyDeletion', 'kms:Describe*']));
    for (const use of [
      'kms:Decrypt',
      'kms:Encrypt',
      'kms:GenerateDataKey',
      'kms:ReEncrypt*',
      'kms:CreateGrant',
    ]) {
      expect(actions).not.toContain(use);
      expect(actions.some((a) => a.endsWith('*') && use.startsWith(a.slice(0, -1)))).toBe(false);
    }
  });

  test('only checkout generates data keys, only the reveal route decrypts, the sealer only generates', () => {
    const json = prod();
    const statements = keyPolicy(json);
    const checkout = roleName(json, 'POST /api/orders');
    const reveal = roleName(json, 'POST /api/admin/orders/{orderId}/payout-details/reveal');
    expect(checkout).toBe('Buyback-prod-createOrder');
    expect(reveal).toMatch(/^Buyback-prod-/);
    const users = (action: string) =>
      statements.filter(
        (st) => [st.Action].flat().includes(action) && st.Sid !== 'AdministratorsManageNotUse',
      );
    const generate = users('kms:GenerateDataKey');
    expect(generate).toHaveLength(2);
    const conditioned = generate.find((st) => st.Condition);
    expect(flattenJoin(conditioned.Condition.ArnEquals['aws:PrincipalArn'][0])).toMatch(
      new RegExp(`:role/${checkout}$`),
    );
    const sealer = generate.find((st) => !st.Condition);
    expect(sealer.Principal.AWS).toEqual({
      'Fn::GetAtt': [expect.stringMatching(/^PayoutSealerRole/), 'Arn'],
    });
    const decrypt = users('kms:Decrypt');
    expect(decrypt).toHaveLength(1);
    expect(flattenJoin(decrypt[0].Condition.ArnEquals['aws:PrincipalArn'][0])).toMatch(
      new RegExp(`:role/${reveal}$`),
    );
  });
});

describe('data kept, grants split', () => {
  test('prod retains every queue and dead-letter queue; dev deletes them', () => {
    const queues = ofType(prod(), 'AWS::SQS::Queue');
    expect(queues.length).toBeGreaterThanOrEqual(4);
    for (const [, queue] of queues) expect(queue).toMatchObject({ DeletionPolicy: 'Retain' });
    for (const [, queue] of ofType(dev().json, 'AWS::SQS::Queue'))
      expect(queue.DeletionPolicy).toBe('Delete');
  });

  test('the images bucket keeps versions; old order-photo versions expire after 180 days in prod', () => {
    const [, images] = ofType(prod(), 'AWS::S3::Bucket').find(([id]) =>
      id.startsWith('StorageImagesBucket'),
    )!;
    expect(images.Properties?.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(images.Properties?.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({
        Prefix: 'images/orders/',
        NoncurrentVersionExpiration: { NoncurrentDays: 180 },
        Status: 'Enabled',
      }),
    );
  });

  test('product-image functions touch images/products/* only, order-photo functions images/orders/* only', () => {
    const json = prod();
    const s3Resources = (routeKey: string) =>
      policiesOfRole(json, refOf(functionOfRoute(json, routeKey)[1].Properties?.Role)!)
        .filter((st) => [st.Action].flat().some((a: string) => a.startsWith('s3:')))
        .map((st) => flattenJoin(st.Resource));
    const product = s3Resources('POST /api/admin/products/images/uploads');
    const photos = s3Resources('POST /api/admin/orders/{orderId}/images/uploads');
    expect(product.length).toBeGreaterThan(0);
    expect(photos.length).toBeGreaterThan(0);
    for (const r of product) expect(r).toMatch(/\/images\/products\/\*$/);
    for (const r of photos) expect(r).toMatch(/\/images\/orders\/\*$/);
    const all = ofType(json, 'AWS::IAM::Policy').flatMap(([, p]) => p.Properties?.PolicyDocument.Statement);
    expect(JSON.stringify(all)).not.toContain('s3:DeleteObjectVersion');
  });

  test('the e-mail worker has a concurrency cap like the label and SMS workers', () => {
    const json = prod();
    const esm = ofType(json, 'AWS::Lambda::EventSourceMapping').find(([, e]) =>
      JSON.stringify(e.Properties?.EventSourceArn).includes('EmailJobs'),
    )!;
    expect(esm[1].Properties?.ScalingConfig).toEqual({ MaximumConcurrency: 5 });
  });
});

describe('the web ACL', () => {
  test('path exceptions match the URL-decoded, normalised path', () => {
    const acl = one(prod(), 'AWS::WAFv2::WebACL');
    const byteMatches: Cfn[] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if (k === 'ByteMatchStatement') byteMatches.push(x);
          walk(x);
        }
      }
    };
    walk(acl.Properties?.Rules);
    const onPath = byteMatches.filter((m) => m.FieldToMatch.UriPath);
    expect(onPath.length).toBeGreaterThanOrEqual(3);
    for (const m of onPath) {
      expect(m.TextTransformations).toEqual([
        { Priority: 0, Type: 'URL_DECODE' },
        { Priority: 1, Type: 'NORMALIZE_PATH' },
      ]);
    }
  });

  test('WAF logs what it blocks or counts, with the Authorization header redacted', () => {
    const logging = one(prod(), 'AWS::WAFv2::LoggingConfiguration').Properties;
    expect(logging?.RedactedFields).toEqual([{ SingleHeader: { Name: 'authorization' } }]);
    expect(flattenJoin(logging?.LogDestinationConfigs[0])).toMatch(/:log-group:aws-waf-logs-Buyback-prod$/);
    const [, group] = ofType(prod(), 'AWS::Logs::LogGroup').find(
      ([, g]) => g.Properties?.LogGroupName === 'aws-waf-logs-Buyback-prod',
    )!;
    expect(group.Properties?.RetentionInDays).toBeGreaterThan(0);
  });
});
