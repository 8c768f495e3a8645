import { Match } from 'aws-cdk-lib/assertions';
import { createApp } from '../../infra/app';
import { EASYPOST_FILE_ORIGINS } from '../../infra/constructs/site';
import { assertSupported, type CfnTemplate } from '../../infra/local/template/intrinsics';

import {
  type Cfn,
  dev,
  flattenJoin,
  functionsOutdir,
  type Json,
  ofType,
  referencedIds,
  refOf,
  synthesizeStages,
  templates,
  testRoutes,
  testWorkers,
} from './support/stack-setup';

synthesizeStages();

describe('site', () => {
  const distribution = (json: Json) =>
    ofType(json, 'AWS::CloudFront::Distribution')[0][1].Properties?.DistributionConfig;

  test('three behaviours: SPA default with rewrite, /api/* uncached to the HTTP API, /images/* via OAC', () => {
    const { json } = dev();
    const config = distribution(json);
    const origin = (id: string) => config.Origins.find((o: Cfn) => o.Id === id);

    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-request',
        FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^SiteSpaRewrite/), 'FunctionARN'] },
      },
    ]);
    const siteOrigin = origin(config.DefaultCacheBehavior.TargetOriginId);
    expect(refOf(siteOrigin.DomainName)).toMatch(/^StorageSiteBucket/);
    expect(siteOrigin.OriginAccessControlId).toBeDefined();

    const api = config.CacheBehaviors.find((b: Cfn) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
    });
    expect(JSON.stringify(origin(api.TargetOriginId).DomainName)).toContain('ApiEndpoint');

    const images = config.CacheBehaviors.find((b: Cfn) => b.PathPattern === '/images/*');
    const imagesOrigin = origin(images.TargetOriginId);
    expect(refOf(imagesOrigin.DomainName)).toMatch(/^StorageImagesBucket/);
    expect(imagesOrigin.OriginAccessControlId).toBeDefined();
    expect(config.CacheBehaviors).toHaveLength(2);
  });

  test('the rewrite sends client routes to index.html and leaves files alone', () => {
    const [, fn] = ofType(dev().json, 'AWS::CloudFront::Function')[0];
    const handler = new Function(`${fn.Properties?.FunctionCode}; return handler;`)() as (e: unknown) => {
      uri: string;
    };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/sell/cart')).toBe('/index.html');
    expect(rewrite('/admin/orders/SB-1234')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
  });

  test('every behaviour sends the security headers', () => {
    const { json } = dev();
    const [policyId, policy] = ofType(json, 'AWS::CloudFront::ResponseHeadersPolicy')[0];
    const headers = policy.Properties?.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Preload: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY' },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin' },
    });
    const csp = flattenJoin(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const directive of [
      "default-src 'self'",
      "img-src 'self' data: https://<StorageImagesBucket",
      "script-src 'self' https://www.googletagmanager.com",
      "connect-src 'self' https://*.google-analytics.com https://cognito-idp.<AWS::Region>.amazonaws.com https://<StorageImagesBucket",
      "style-src 'self' 'unsafe-inline'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    // No hosted UI: nothing of *.amazoncognito.com; images from the site, the bucket and EasyPost's QR codes only.
    expect(csp).not.toContain('amazoncognito.com');
    expect(csp).not.toMatch(/img-src[^;]* https:(;| |$)/);
    expect(csp).toContain("object-src 'none'");
    const custom = policy.Properties?.ResponseHeadersPolicyConfig.CustomHeadersConfig.Items;
    expect(custom).toContainEqual({
      Header: 'Permissions-Policy',
      Value: expect.stringContaining('camera=(), microphone=(), geolocation=(), payment=()'),
      Override: true,
    });
    // The sign-in form asks the breach-range service about a password's hash prefix, from the browser.
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.pwnedpasswords\.com(;|$| )/);
    const config = distribution(json);
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    }
  });

  test('without a web build there is nothing to deploy (nag.test covers a stack with one)', () => {
    expect(ofType(dev().json, 'Custom::CDKBucketDeployment')).toHaveLength(0);
  });
});

describe('stack', () => {
  test('outputs what the web and operators need', () => {
    for (const name of ['SiteUrl', 'ApiUrl', 'UserPoolId', 'UserPoolClientId', 'TableName', 'ImagesBucket']) {
      expect(dev().json.Outputs[name]).toBeDefined();
    }
  });

  test('the user pool: admin-created staff, e-mail sign-in, strong passwords, an admin group, a public client', () => {
    const { template } = dev();
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      UsernameAttributes: ['email'],
      MfaConfiguration: 'OPTIONAL',
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireUppercase: true,
          RequireLowercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        },
      },
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      // SRP only where deployed: the local runner adds the plain-password flow to its own copy.
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    });
  });

  test('prod staff sign-in: TOTP required, 12-character passwords, 8-hour sessions, threat protection (audit)', () => {
    const { template, json } = templates.prod;
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'ON',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 12, RequireSymbols: true }) },
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'AUDIT' },
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      RefreshTokenValidity: 8 * 60,
      TokenValidityUnits: Match.objectLike({ RefreshToken: 'minutes' }),
    });
    // The access and ID tokens (1 hour by default) must not outlive the session.
    const [, client] = ofType(json, 'AWS::Cognito::UserPoolClient')[0];
    expect(client.Properties?.AccessTokenValidity ?? 60).toBeLessThanOrEqual(8 * 60);
  });

  test('dev staff sign-in: MFA optional (cognito-local has none), no threat protection, default sessions', () => {
    const { template, json } = dev();
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      UserPoolTier: 'ESSENTIALS',
      UserPoolAddOns: Match.absent(),
    });
    const [, client] = ofType(json, 'AWS::Cognito::UserPoolClient')[0];
    expect(client.Properties?.RefreshTokenValidity).toBeUndefined();
  });

  test('the provider secret holds the placeholder keys', () => {
    const [, secret] = ofType(dev().json, 'AWS::SecretsManager::Secret')[0];
    expect(Object.keys(JSON.parse(secret.Properties?.SecretString)).sort()).toEqual(
      [
        'easypostTestKey',
        'easypostProdKey',
        'twilioAccountSid',
        'twilioAuthToken',
        'emailApiKey',
        'easypostWebhookSecret',
      ].sort(),
    );
  });

  test('no resource depends on itself through others (CloudFormation would refuse the template)', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const { json } = templates[stage];
      const edges = new Map(
        Object.entries(json.Resources).map(([id, r]) => [
          id,
          [...referencedIds(r)].filter((ref) => ref in json.Resources && ref !== id),
        ]),
      );
      const state = new Map<string, 'visiting' | 'done'>();
      const visit = (id: string, trail: string[]): void => {
        if (state.get(id) === 'done') return;
        if (state.get(id) === 'visiting') throw new Error(`cycle: ${[...trail, id].join(' -> ')}`);
        state.set(id, 'visiting');
        for (const next of edges.get(id) ?? []) visit(next, [...trail, id]);
        state.set(id, 'done');
      };
      for (const id of edges.keys()) visit(id, []);
    }
  });

  test('the local runner reads every intrinsic function both templates use (infra/local/template/intrinsics.ts)', () => {
    for (const stage of ['dev', 'prod'] as const) {
      expect(() => assertSupported(templates[stage].json as CfnTemplate)).not.toThrow();
    }
  });

  test('environment-agnostic: no account or region baked in', () => {
    // EasyPost's file host names its own region (an image source of the CSP), not this stack's.
    const text = EASYPOST_FILE_ORIGINS.reduce(
      (t, origin) => t.replaceAll(origin, ''),
      JSON.stringify(dev().json),
    );
    expect(text).not.toMatch(/\b\d{12}\b/);
    expect(text).not.toMatch(/(us|eu|ap|sa|ca|me|af)-(north|south|east|west|central|northeast|southeast)-\d/);
  });

  test('createApp can be called again in the same process', () => {
    const again = createApp({
      stage: 'dev',
      functionsOutdir,
      skipBuild: true,
      routes: testRoutes,
      workers: testWorkers,
    });
    expect(again.stack.stackName).toBe('Buyback-dev');
    expect(() => createApp({ stage: 'qa', skipBuild: true })).toThrow(/Unknown stage "qa"/);
  });
});
