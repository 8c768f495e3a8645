import { existsSync } from 'node:fs';
import { type CfnElement, Duration, Fn, Stack, Validations } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { routePagesIn, spaRewrite } from '../../build/site-pages.js';
import { ORIGIN_VERIFY_HEADER } from '../../shared/runtime-env.js';
import type { StageConfig } from '../stage-config.js';
import { nagPseudo } from './nag.js';

export interface SiteProps {
  config: StageConfig;
  siteBucket: s3.IBucket;
  imagesBucket: s3.IBucket;
  logsBucket: s3.IBucket;
  httpApi: apigwv2.IHttpApi;
  /** The origin secret's value (a deploy-time dynamic reference), sent to the API in ORIGIN_VERIFY_HEADER. */
  originVerify: string;
  /** The web build; deployed only if the folder exists at synth time (`npm run build` makes it). */
  webDir: string;
  /** The WAF web ACL in front of the distribution, where the stage has one. */
  webAclArn?: string;
}

export function contentSecurityPolicy(region: string, imagesBucketDomain: string): string {
  return [
    "default-src 'self'",
    "img-src 'self' data: https:",
    "script-src 'self' https://www.googletagmanager.com",
    // A CSP host may only have a wildcard as its first label, so the Cognito endpoint names the region, and
    // presigned uploads go straight to the images bucket's regional endpoint. The sign-in form asks the
    // breach-range service about a password's hash prefix (BREACH_RANGE_URL in stack.ts).
    `connect-src 'self' https://*.google-analytics.com https://*.amazoncognito.com https://cognito-idp.${region}.amazonaws.com https://${imagesBucketDomain} https://api.pwnedpasswords.com`,
    "style-src 'self' 'unsafe-inline'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** CloudFront in front of everything: the SPA, `/images/*` from the images bucket and `/api/*` to the HTTP API. */
export class Site extends Construct {
  public readonly distribution: cloudfront.Distribution;
  public readonly securityHeaders: cloudfront.ResponseHeadersPolicy;
  public readonly spaRewrite: cloudfront.Function;
  public readonly deployment?: s3deploy.BucketDeployment;
  /** `https://` + the distribution's domain, the site's only address for now. */
  public readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const { config } = props;

    this.securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Security headers (${config.stage})`,
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(
            Stack.of(this).region,
            props.imagesBucket.bucketRegionalDomainName,
          ),
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
    });

    this.spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: "Serve a route's own page, or index.html, for client-side routes",
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(spaRewrite(routePagesIn(props.webDir))),
    });

    const apiOrigin = new origins.HttpOrigin(Fn.parseDomainName(props.httpApi.apiEndpoint), {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      // The API refuses a request without it: its own endpoint is public, and there a caller could forge
      // CloudFront-Viewer-Address, the IP every per-client limit counts.
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerify },
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Buyback site (${config.stage})`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      webAclId: props.webAclArn,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(props.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.securityHeaders,
        compress: true,
        functionAssociations: [
          { function: this.spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          // With caching disabled this policy forwards Authorization too, which the JWT authorizer needs.
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.securityHeaders,
        },
        '/images/*': {
          origin: origins.S3BucketOrigin.withOriginAccessControl(props.imagesBucket),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: this.securityHeaders,
          compress: true,
        },
      },
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Sellers can be anywhere the carrier ships from; no country is to be refused at the edge.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The distribution uses the default *.cloudfront.net certificate, whose security policy CloudFront fixes; a custom domain, when the product gets one, brings its own certificate with TLSv1.2_2021.',
      },
    );

    if (!props.webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF web ACL in this stage (prod has one, infra/constructs/edge-protection.ts): the API has per-route throttles and the Lambdas enforce per-client limits.',
      });
    }

    this.siteUrl = `https://${this.distribution.distributionDomainName}`;

    if (existsSync(props.webDir)) {
      this.deployment = new s3deploy.BucketDeployment(this, 'Deploy', {
        sources: [s3deploy.Source.asset(props.webDir)],
        destinationBucket: props.siteBucket,
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
      acknowledgeBucketDeployment(this.deployment, props.siteBucket);
    }
  }
}

/** The deployment's handler is CDK's own singleton Lambda; these findings are about its fixed grants, not ours. */
function acknowledgeBucketDeployment(deployment: s3deploy.BucketDeployment, siteBucket: s3.IBucket): void {
  const stack = Stack.of(deployment);
  const { partition, region } = nagPseudo(stack);
  const siteBucketId = stack.getLogicalId(siteBucket.node.defaultChild as CfnElement);
  const handler = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  const fixedByCdk = "CDK's BucketDeployment handler; aws-cdk-lib fixes its grants and runtime.";
  const assetRead = `${fixedByCdk} It reads the site build's zip from the CDK bootstrap asset bucket.`;
  const siteWrite = `${fixedByCdk} It uploads the build to the site bucket and prunes files of the previous build.`;
  const acknowledgements = [
    {
      id: 'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: fixedByCdk,
    },
    { id: 'L1', reason: fixedByCdk },
    { id: 'IAM5[Action::s3:GetBucket*]', reason: assetRead },
    { id: 'IAM5[Action::s3:GetObject*]', reason: assetRead },
    { id: 'IAM5[Action::s3:List*]', reason: assetRead },
    {
      id: `IAM5[Resource::arn:${partition}:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${region}/*]`,
      reason: assetRead,
    },
    { id: 'IAM5[Action::s3:Abort*]', reason: siteWrite },
    { id: 'IAM5[Action::s3:DeleteObject*]', reason: siteWrite },
    { id: `IAM5[Resource::<${siteBucketId}.Arn>/*]`, reason: siteWrite },
    {
      id: 'IAM5[Resource::*]',
      reason: `${fixedByCdk} CloudFront invalidations (after each upload) have no resource-level permissions.`,
    },
  ];
  // The handler is shared by every BucketDeployment of the stack, so it sits at stack level, not under ours.
  const scope = handler ?? deployment.handlerRole;
  for (const { id, reason } of acknowledgements) {
    Validations.of(scope).acknowledge({ id: `AwsSolutions-${id}`, reason });
  }
}
