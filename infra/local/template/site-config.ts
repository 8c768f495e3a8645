/** What the local site copies from the CloudFront distribution of the template. Pure. */
import { type CfnTemplate, isRecord, type Json, type Resolver } from './intrinsics.js';
import { getAttTarget, ofType, refTarget } from './stack-model.js';

export interface SiteConfig {
  /** Bucket logical id behind the `/images/*` behaviour, when the distribution has one. */
  imagesBucketLogicalId?: string;
  /** Header name -> value from the default behaviour's response headers policy. */
  securityHeaders: Record<string, string>;
  /**
   * Header name -> value CloudFront adds to requests for the `/api/*` origin (the origin secret), values as
   * resolved from the template: a secret's dynamic reference stays a `{{resolve:secretsmanager:...}}` string.
   */
  apiOriginHeaders: Record<string, string>;
}
/** What the local site copies from the CloudFront distribution: the images origin and the security headers. */
export function readSiteConfig(template: CfnTemplate, resolver: Resolver): SiteConfig {
  const distribution = ofType(template, 'AWS::CloudFront::Distribution')[0]?.[1];
  const config = isRecord(distribution?.Properties?.DistributionConfig)
    ? distribution.Properties.DistributionConfig
    : {};
  const origins = Array.isArray(config.Origins) ? config.Origins.filter(isRecord) : [];
  const behaviours = Array.isArray(config.CacheBehaviors) ? config.CacheBehaviors.filter(isRecord) : [];
  let imagesBucketLogicalId: string | undefined;
  const images = behaviours.find(
    (b) => typeof b.PathPattern === 'string' && /^\/?images\/\*$/.test(b.PathPattern),
  );
  if (images) {
    const origin = origins.find((o) => o.Id === images.TargetOriginId);
    const att = getAttTarget(origin?.DomainName);
    if (att && template.Resources[att[0]]?.Type === 'AWS::S3::Bucket') imagesBucketLogicalId = att[0];
  }
  const defaults = isRecord(config.DefaultCacheBehavior) ? config.DefaultCacheBehavior : {};
  const policyId =
    refTarget(defaults.ResponseHeadersPolicyId) ?? getAttTarget(defaults.ResponseHeadersPolicyId)?.[0];
  const raw = policyId ? template.Resources[policyId]?.Properties?.ResponseHeadersPolicyConfig : undefined;
  const policy =
    raw === undefined ? undefined : resolver.resolve(raw, `${policyId}.ResponseHeadersPolicyConfig`);
  const api = behaviours.find((b) => typeof b.PathPattern === 'string' && /^\/?api\/\*$/.test(b.PathPattern));
  const apiOrigin = api ? origins.find((o) => o.Id === api.TargetOriginId) : undefined;
  const apiOriginHeaders: Record<string, string> = {};
  const custom = apiOrigin?.OriginCustomHeaders;
  for (const header of Array.isArray(custom) ? custom.filter(isRecord) : []) {
    const name = resolver.resolveString(header.HeaderName, 'Origins.OriginCustomHeaders.HeaderName');
    apiOriginHeaders[name.toLowerCase()] = resolver.resolveString(
      header.HeaderValue,
      `Origins.OriginCustomHeaders.${name}`,
    );
  }
  return {
    imagesBucketLogicalId,
    securityHeaders: isRecord(policy) ? securityHeadersOf(policy) : {},
    apiOriginHeaders,
  };
}

function securityHeadersOf(policy: Record<string, Json>): Record<string, string> {
  const headers: Record<string, string> = {};
  const security = isRecord(policy.SecurityHeadersConfig) ? policy.SecurityHeadersConfig : {};
  const section = (key: string) => (isRecord(security[key]) ? security[key] : undefined);
  if (section('ContentTypeOptions')) headers['x-content-type-options'] = 'nosniff';
  const frame = section('FrameOptions');
  if (frame && typeof frame.FrameOption === 'string') headers['x-frame-options'] = frame.FrameOption;
  const referrer = section('ReferrerPolicy');
  if (referrer && typeof referrer.ReferrerPolicy === 'string')
    headers['referrer-policy'] = referrer.ReferrerPolicy;
  const csp = section('ContentSecurityPolicy');
  if (csp && typeof csp.ContentSecurityPolicy === 'string')
    headers['content-security-policy'] = csp.ContentSecurityPolicy;
  // Strict-Transport-Security is left out on purpose: the local site is plain HTTP.
  const custom =
    isRecord(policy.CustomHeadersConfig) && Array.isArray(policy.CustomHeadersConfig.Items)
      ? policy.CustomHeadersConfig.Items
      : [];
  for (const item of custom.filter(isRecord)) {
    if (typeof item.Header === 'string' && typeof item.Value === 'string')
      headers[item.Header.toLowerCase()] = item.Value;
  }
  return headers;
}
