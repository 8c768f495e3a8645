/**
 * What S3 checks on a browser POST upload before it stores anything (s3rver checks none of it): the SigV4
 * signature over the policy, its expiry, every condition against the form and the real file size, and no field
 * the policy does not allow; refused with S3's status, code and message.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
 */

import { createHmac, timingSafeEqual } from 'node:crypto';
import { escapeXml } from './http.js';

export interface PostUpload {
  /** The bucket of the URL posted to. */
  bucket: string;
  /** Form fields before the file, in order (S3 ignores what follows the file). */
  fields: Array<[string, string]>;
  /** The file's real size in bytes; undefined when the form has no file. */
  fileSize: number | undefined;
}

export interface PolicyRefusal {
  status: number;
  code: string;
  message: string;
  /** Extra elements of S3's error document (e.g. ProposedSize and MaxSizeAllowed). */
  details?: Record<string, string>;
}

export interface PolicyCheckOptions {
  /** Secret keys by access key id. */
  secrets: Record<string, string>;
  now?: Date;
}

/** Fields S3 lets a form carry without a condition (the signature's own, the file, `x-ignore-` ones). */
const EXEMPT_FIELDS = new Set(['policy', 'x-amz-signature', 'signature', 'awsaccesskeyid', 'file']);

const accessDenied = (message: string): PolicyRefusal => ({ status: 403, code: 'AccessDenied', message });
const invalidPolicy = (message: string): PolicyRefusal => ({
  status: 400,
  code: 'InvalidPolicyDocument',
  message: `Invalid Policy: ${message}`,
});

/** The SigV4 signing key of a credential scope (`AKID/yyyymmdd/region/service/aws4_request`). */
export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  const kDate = createHmac('sha256', `AWS4${secret}`).update(date).digest();
  const kRegion = createHmac('sha256', kDate).update(region).digest();
  const kService = createHmac('sha256', kRegion).update(service).digest();
  return createHmac('sha256', kService).update('aws4_request').digest();
}

type Condition =
  | { kind: 'eq' | 'starts-with'; field: string; written: string; value: string; text: string }
  | { kind: 'range'; min: number; max: number; text: string };

const quote = (value: unknown) => JSON.stringify(String(value));

function parseCondition(raw: unknown): Condition | PolicyRefusal {
  if (Array.isArray(raw)) {
    const [op, a, b] = raw as unknown[];
    const operator = String(op).toLowerCase();
    if (operator === 'content-length-range') {
      const min = Number(a);
      const max = Number(b);
      if (raw.length !== 3 || !Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < min)
        return invalidPolicy('Invalid content-length-range condition.');
      return { kind: 'range', min, max, text: `["content-length-range", ${min}, ${max}]` };
    }
    if ((operator === 'eq' || operator === 'starts-with') && raw.length === 3) {
      if (typeof a !== 'string' || !a.startsWith('$') || typeof b !== 'string')
        return invalidPolicy(`Invalid Condition: ${JSON.stringify(raw)}`);
      const written = a.slice(1);
      return {
        kind: operator,
        field: written.toLowerCase(),
        written,
        value: b,
        text: `[${quote(operator)}, ${quote(a)}, ${quote(b)}]`,
      };
    }
    return invalidPolicy(`Invalid Condition: ${JSON.stringify(raw)}`);
  }
  if (raw && typeof raw === 'object') {
    const entries = Object.entries(raw as Record<string, unknown>);
    if (entries.length !== 1 || typeof entries[0][1] !== 'string')
      return invalidPolicy(`Invalid Condition: ${JSON.stringify(raw)}`);
    const [written, value] = entries[0] as [string, string];
    return {
      kind: 'eq',
      field: written.toLowerCase(),
      written,
      value,
      text: `["eq", ${quote(`$${written}`)}, ${quote(value)}]`,
    };
  }
  return invalidPolicy(`Invalid Condition: ${JSON.stringify(raw)}`);
}

/** Undefined when S3 would store the upload, else S3's refusal. */
export function checkPostPolicy(upload: PostUpload, options: PolicyCheckOptions): PolicyRefusal | undefined {
  const now = options.now ?? new Date();
  const form = new Map<string, string>();
  for (const [name, value] of upload.fields) {
    const lower = name.toLowerCase();
    if (!form.has(lower)) form.set(lower, value);
  }
  if (upload.fileSize === undefined)
    return {
      status: 400,
      code: 'InvalidArgument',
      message: 'POST requires exactly one file upload per request.',
    };

  const policy = form.get('policy');
  const algorithm = form.get('x-amz-algorithm');
  const credential = form.get('x-amz-credential');
  const amzDate = form.get('x-amz-date');
  const signature = form.get('x-amz-signature');
  // Without a policy the POST is anonymous, which a bucket that blocks public access refuses.
  if (!policy) return accessDenied('Access Denied');
  if (algorithm !== 'AWS4-HMAC-SHA256' || !credential || !amzDate || !signature)
    return {
      status: 400,
      code: 'InvalidArgument',
      message:
        'Bucket POST must contain the fields X-Amz-Algorithm, X-Amz-Credential, X-Amz-Date and X-Amz-Signature',
    };
  const [accessKeyId, date, region, service, terminator, ...rest] = credential.split('/');
  if (!date || !region || service !== 's3' || terminator !== 'aws4_request' || rest.length > 0)
    return { status: 400, code: 'InvalidArgument', message: `Invalid credential: ${credential}` };
  const secret = options.secrets[accessKeyId];
  if (secret === undefined)
    return {
      status: 403,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    };
  const expected = createHmac('sha256', signingKey(secret, date, region, service))
    .update(policy)
    .digest();
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message:
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    };

  let document: { expiration?: unknown; conditions?: unknown };
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as typeof document;
  } catch {
    return invalidPolicy('Invalid JSON.');
  }
  if (!document || typeof document !== 'object') return invalidPolicy('Invalid JSON.');
  const expiration = typeof document.expiration === 'string' ? Date.parse(document.expiration) : Number.NaN;
  if (Number.isNaN(expiration)) return invalidPolicy('Policy missing expiration.');
  if (expiration <= now.getTime()) return accessDenied('Invalid according to Policy: Policy expired.');
  if (!Array.isArray(document.conditions)) return invalidPolicy('Policy missing conditions.');

  const covered = new Set<string>();
  const values = new Map(form);
  values.set('bucket', upload.bucket);
  for (const raw of document.conditions) {
    const condition = parseCondition(raw);
    if ('status' in condition) return condition;
    if (condition.kind === 'range') {
      if (upload.fileSize > condition.max)
        return {
          status: 400,
          code: 'EntityTooLarge',
          message: 'Your proposed upload exceeds the maximum allowed size',
          details: { ProposedSize: String(upload.fileSize), MaxSizeAllowed: String(condition.max) },
        };
      if (upload.fileSize < condition.min)
        return {
          status: 400,
          code: 'EntityTooSmall',
          message: 'Your proposed upload is smaller than the minimum allowed size',
          details: { ProposedSize: String(upload.fileSize), MinSizeAllowed: String(condition.min) },
        };
      continue;
    }
    covered.add(condition.field);
    const actual = values.get(condition.field) ?? '';
    const holds = condition.kind === 'eq' ? actual === condition.value : actual.startsWith(condition.value);
    if (!holds)
      return accessDenied(`Invalid according to Policy: Policy Condition failed: ${condition.text}`);
  }

  const extra = [...form.keys()].filter(
    (name) => !EXEMPT_FIELDS.has(name) && !name.startsWith('x-ignore-') && !covered.has(name),
  );
  if (extra.length > 0)
    return accessDenied(`Invalid according to Policy: Extra input fields: ${extra.join(', ')}`);
  return undefined;
}

/** S3's error document. */
export function errorXml(refusal: PolicyRefusal, requestId: string): string {
  const details = Object.entries(refusal.details ?? {})
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${escapeXml(refusal.message)}</Message>${details}<RequestId>${requestId}</RequestId><HostId>${requestId}</HostId></Error>`;
}
