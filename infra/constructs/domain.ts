import { CfnOutput, Stack } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { apiDomainOf, isInZone, type StageConfig } from '../stage-config.js';

/**
 * CloudFront's alias target zone (the same for every distribution in the aws partition). Written out because
 * CDK's CloudFrontTarget looks it up with Fn::FindInMap, which the local runner's template reader refuses.
 */
export const CLOUDFRONT_HOSTED_ZONE_ID = 'Z2FDTNDATAQYW2';

/** The sender's MAIL FROM subdomain: bounces come back there, and SPF aligns with the sender's domain. */
export const mailFromDomainOf = (senderDomain: string): string => `mail.${senderDomain}`;

export interface DomainProps {
  config: StageConfig;
  /** The shop's host name (`config.domain`). */
  domain: string;
}

/**
 * The shop's own domain: one DNS-validated certificate for the site and `api.<domain>`, and the API's custom
 * domain (regional, TLS 1.2). With a hosted zone the validation records and, once the distribution exists
 * (`addSiteRecords`), the site's and the API's alias records are written there; without one the deploy waits
 * for the validation records someone creates by hand, and the aliases are outputs (README, "First deploy on a
 * domain").
 */
export class Domain extends Construct {
  public readonly domain: string;
  /** `api.<domain>`: CloudFront's origin for `/api/*`. */
  public readonly apiDomain: string;
  public readonly zone?: route53.IHostedZone;
  public readonly certificate: acm.Certificate;
  public readonly apiDomainName: apigwv2.DomainName;

  constructor(scope: Construct, id: string, props: DomainProps) {
    super(scope, id);
    const { config } = props;
    this.domain = props.domain;
    this.apiDomain = apiDomainOf(props.domain);
    if (config.hostedZone) {
      this.zone = route53.HostedZone.fromHostedZoneAttributes(this, 'Zone', {
        hostedZoneId: config.hostedZone.id,
        zoneName: config.hostedZone.name,
      });
    }

    // One certificate for both names: CloudFront takes it from us-east-1, where the API lives too
    // (stage-config.ts). Without a zone CloudFormation waits on it until its CNAME records exist.
    this.certificate = new acm.Certificate(this, 'Certificate', {
      domainName: this.domain,
      subjectAlternativeNames: [this.apiDomain],
      validation: acm.CertificateValidation.fromDns(this.zone),
    });

    this.apiDomainName = new apigwv2.DomainName(this, 'ApiDomain', {
      domainName: this.apiDomain,
      certificate: this.certificate,
      endpointType: apigwv2.EndpointType.REGIONAL,
      securityPolicy: apigwv2.SecurityPolicy.TLS_1_2,
    });
  }

  /** The site's and the API's DNS names: alias records in the zone, or the records to create as outputs. */
  addSiteRecords(distribution: cloudfront.IDistribution): void {
    const api = this.apiDomainName;
    if (this.zone) {
      const site = route53.RecordTarget.fromAlias({
        bind: () => ({
          dnsName: distribution.distributionDomainName,
          hostedZoneId: CLOUDFRONT_HOSTED_ZONE_ID,
        }),
      });
      new route53.ARecord(this, 'SiteAlias', {
        zone: this.zone,
        recordName: `${this.domain}.`,
        target: site,
      });
      new route53.AaaaRecord(this, 'SiteAliasV6', {
        zone: this.zone,
        recordName: `${this.domain}.`,
        target: site,
      });
      new route53.ARecord(this, 'ApiAlias', {
        zone: this.zone,
        recordName: `${this.apiDomain}.`,
        target: route53.RecordTarget.fromAlias(
          new targets.ApiGatewayv2DomainProperties(api.regionalDomainName, api.regionalHostedZoneId),
        ),
      });
      return;
    }
    new CfnOutput(Stack.of(this), 'DnsSiteRecord', {
      description: 'Create this record where the domain is kept (an ALIAS/ANAME at a zone apex).',
      value: `${this.domain} CNAME ${distribution.distributionDomainName}`,
    });
    new CfnOutput(Stack.of(this), 'DnsApiRecord', {
      description: "Create this record where the domain is kept: CloudFront's origin for /api/*.",
      value: `${this.apiDomain} CNAME ${api.regionalDomainName}`,
    });
  }
}

export interface SenderDomainProps {
  config: StageConfig;
  /** The domain of the stage's sender (`emailFrom`). */
  senderDomain: string;
  /** The zone the records go to, when the sender's domain is in it. */
  zone?: route53.IHostedZone;
}

/**
 * The sender's domain as an SES identity: Easy DKIM (2048-bit) and a MAIL FROM subdomain, so mail from the shop
 * passes SPF and DKIM aligned with its own domain. Their records are written to the zone when the domain is in
 * it, else printed as outputs.
 */
export class SenderDomain extends Construct {
  public readonly identity: ses.EmailIdentity;
  public readonly mailFromDomain: string;

  constructor(scope: Construct, id: string, props: SenderDomainProps) {
    super(scope, id);
    this.mailFromDomain = mailFromDomainOf(props.senderDomain);
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: ses.Identity.domain(props.senderDomain),
      dkimIdentity: ses.DkimIdentity.easyDkim(ses.EasyDkimSigningKeyLength.RSA_2048_BIT),
      mailFromDomain: this.mailFromDomain,
    });
    this.identity.applyRemovalPolicy(props.config.removalPolicy);

    const { region } = Stack.of(this);
    const dkim = [
      [this.identity.dkimDnsTokenName1, this.identity.dkimDnsTokenValue1],
      [this.identity.dkimDnsTokenName2, this.identity.dkimDnsTokenValue2],
      [this.identity.dkimDnsTokenName3, this.identity.dkimDnsTokenValue3],
    ] as const;
    const mx = `feedback-smtp.${region}.amazonses.com`;
    const spf = 'v=spf1 include:amazonses.com ~all';
    const zone = props.zone && isInZone(props.senderDomain, props.zone.zoneName) ? props.zone : undefined;
    if (zone) {
      dkim.forEach(([name, value], i) => {
        new route53.CnameRecord(this, `Dkim${i + 1}`, { zone, recordName: name, domainName: value });
      });
      new route53.MxRecord(this, 'MailFromMx', {
        zone,
        recordName: `${this.mailFromDomain}.`,
        values: [{ priority: 10, hostName: mx }],
      });
      new route53.TxtRecord(this, 'MailFromSpf', {
        zone,
        recordName: `${this.mailFromDomain}.`,
        values: [spf],
      });
      return;
    }
    const stack = Stack.of(this);
    const where = `Create this record where ${props.senderDomain} is kept`;
    dkim.forEach(([name, value], i) => {
      new CfnOutput(stack, `DnsDkimRecord${i + 1}`, {
        description: `${where} (DKIM).`,
        value: `${name} CNAME ${value}`,
      });
    });
    new CfnOutput(stack, 'DnsMailFromMxRecord', {
      description: `${where} (MAIL FROM).`,
      value: `${this.mailFromDomain} MX 10 ${mx}`,
    });
    new CfnOutput(stack, 'DnsMailFromSpfRecord', {
      description: `${where} (MAIL FROM).`,
      value: `${this.mailFromDomain} TXT "${spf}"`,
    });
  }
}
