import { existsSync } from 'node:fs';
import { type CfnElement, Duration, Fn, Stack, Validations } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as acm from 'aws-cdk-lib/aws-certificatemanager';
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
  /**
   * The shop's own domain (infra/constructs/domain.ts): the distribution's alias and certificate, and the API's
   * custom domain as the `/api/*` origin. Without one the site answers on its `*.cloudfront.net` host and the
   * origin is the API's execute-api endpoint.
   */
  customDomain?: { domain: string; apiDomain: string; certificate: acm.ICertificate };
}

/**
 * Where EasyPost serves the USPS QR code images the label page shows (the `form_url` of a `label_qr_code`
 * form): the one image source besides the site and its images bucket.
 */
export const EASYPOST_FILE_ORIGINS = [
  'https://easypost-files.s3.us-west-2.amazonaws.com',
  'https://easypost-files.s3-us-west-2.amazonaws.com',
];

export function contentSecurityPolicy(region: string, imagesBucketDomain: string): string {
  return [
    "default-src 'self'",
    // Photos and product images come through the site (/images/*) or, just uploaded, from the bucket; `data:`
    // is the authenticator QR code the sign-in page draws itself.
    `img-src 'self' data: https://${imagesBucketDomain} ${EASYPOST_FILE_ORIGINS.join(' ')}`,
    "script-src 'self' https://www.googletagmanager.com",
    // A CSP host may only have a wildcard as its first label, so the Cognito endpoint names the region (the
    // sign-in page calls the user pool's API only; there is no hosted UI), and presigned uploads go straight to
    // the images bucket's regional endpoint. The sign-in form asks the breach-range service about a password's
    // hash prefix (BREACH_RANGE_URL in stack.ts).
    `connect-src 'self' https://*.google-analytics.com https://cognito-idp.${region}.amazonaws.com https://${imagesBucketDomain} https://api.pwnedpasswords.com`,
    "style-src 'self' 'unsafe-inline'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Browser features the shop never uses, switched off for its pages and anything they might embed. */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
  'interest-cohort=()',
].join(', ');

/** CloudFront in front of everything: the SPA, `/images/*` from the images bucket and `/api/*` to the HTTP API. */
export class Site extends Construct {
  public readonly distribution: cloudfront.Distribution;
  public readonly securityHeaders: cloudfront.ResponseHeadersPolicy;
  public readonly spaRewrite: cloudfront.Function;
  public readonly deployment?: s3deploy.BucketDeployment;
  /** `https://` + the shop's domain, or the distribution's host in a stage without one. */
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
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }],
      },
    });

    this.spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: "Serve a route's own page, or index.html, for client-side routes",
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(spaRewrite(routePagesIn(props.webDir))),
    });

    const apiHost = props.customDomain?.apiDomain ?? Fn.parseDomainName(props.httpApi.apiEndpoint);
    const apiOrigin = new origins.HttpOrigin(apiHost, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      // The API refuses a request without it: its own endpoint is public, and there a caller could forge
      // CloudFront-Viewer-Address, the IP every per-client limit counts.
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerify },
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Buyback site (${config.stage})`,
      defaultRootObject: 'index.html',
      ...(props.customDomain && {
        domainNames: [props.customDomain.domain],
        certificate: props.customDomain.certificate,
        minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
        sslSupportMethod: cloudfront.SSLMethod.SNI,
      }),
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
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'Sellers can be anywhere the carrier ships from; no country is to be refused at the edge.',
    });
    if (!props.customDomain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'No domain in this stage (prod requires one): the default *.cloudfront.net certificate, whose security policy CloudFront fixes. A stage with -c domain serves its own certificate with TLSv1.2_2021.',
      });
    }

    if (!props.webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF web ACL in this stage (prod has one, infra/constructs/edge-protection.ts): the API has per-route throttles and the Lambdas enforce per-client limits.',
      });
    }

    // Every link the product sends (e-mails, SMS, Twilio's callbacks) is built on this.
    this.siteUrl = `https://${props.customDomain?.domain ?? this.distribution.distributionDomainName}`;

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
