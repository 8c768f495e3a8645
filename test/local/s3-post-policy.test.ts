import { createHmac } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { checkPostPolicy, errorXml, signingKey } from '../../infra/local/s3-post-policy';
import { readPostForm } from '../../infra/local/s3-proxy';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const secrets = { S3RVER: 'S3RVER' };
const client = new S3Client({
  region: 'us-east-1',
  endpoint: 'http://127.0.0.1:4569',
  forcePathStyle: true,
  credentials,
});
afterAll(() => client.destroy());

/** A presigned POST as the admin image Lambda makes one: fixed key, exact type, 1 B..1 KB. */
async function presign(overrides: Partial<Parameters<typeof createPresignedPost>[1]> = {}) {
  return createPresignedPost(client, {
    Bucket: 'images',
    Key: 'images/products/a.png',
    Conditions: [
      ['content-length-range', 1, 1024],
      ['eq', '$Content-Type', 'image/png'],
    ],
    Fields: { 'Content-Type': 'image/png' },
    Expires: 300,
    ...overrides,
  });
}

const check = (
  fields: Record<string, string>,
  /** null: the form has no file. */
  fileSize: number | null = 100,
  extra: { bucket?: string; now?: Date } = {},
) =>
  checkPostPolicy(
    { bucket: extra.bucket ?? 'images', fields: Object.entries(fields), fileSize: fileSize ?? undefined },
    { secrets, now: extra.now },
  );

/** Re-signs an edited policy document with the right key, so only the edit is under test. */
function resign(
  fields: Record<string, string>,
  edit: (policy: { expiration: string; conditions: unknown[] }) => void,
) {
  const policy = JSON.parse(Buffer.from(fields.Policy, 'base64').toString('utf8'));
  edit(policy);
  const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
  const [, date, region] = fields['X-Amz-Credential'].split('/');
  const signature = createHmac('sha256', signingKey('S3RVER', date, region, 's3'))
    .update(encoded)
    .digest('hex');
  return { ...fields, Policy: encoded, 'X-Amz-Signature': signature };
}

describe('the local S3 POST policy check', () => {
  it('lets through an upload that meets every condition', async () => {
    const { fields } = await presign();
    expect(check(fields)).toBeUndefined();
    expect(check(fields, 1)).toBeUndefined();
    expect(check(fields, 1024)).toBeUndefined();
  });

  it('refuses a file over the range with EntityTooLarge, and an empty one with EntityTooSmall', async () => {
    const { fields } = await presign();
    expect(check(fields, 1025)).toEqual({
      status: 400,
      code: 'EntityTooLarge',
      message: 'Your proposed upload exceeds the maximum allowed size',
      details: { ProposedSize: '1025', MaxSizeAllowed: '1024' },
    });
    expect(check(fields, 0)).toMatchObject({ status: 400, code: 'EntityTooSmall' });
  });

  it('refuses another content type or key, naming the failed condition as S3 does', async () => {
    const { fields } = await presign();
    expect(check({ ...fields, 'Content-Type': 'image/svg+xml' })).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy Condition failed: ["eq", "$Content-Type", "image/png"]',
    });
    expect(check({ ...fields, key: 'images/products/other.png' })).toEqual({
      status: 403,
      code: 'AccessDenied',
      message:
        'Invalid according to Policy: Policy Condition failed: ["eq", "$key", "images/products/a.png"]',
    });
  });

  it('checks starts-with conditions, on the key and on the content type', async () => {
    const { fields } = await presign({
      // biome-ignore lint/suspicious/noTemplateCurlyInString: S3 replaces ${filename} itself
      Key: 'uploads/${filename}',
      Conditions: [['starts-with', '$Content-Type', 'image/']],
      Fields: { 'Content-Type': 'image/jpeg' },
    });
    expect(check({ ...fields, key: 'uploads/photo.jpg' })).toBeUndefined();
    expect(check({ ...fields, key: 'elsewhere/photo.jpg' })?.message).toBe(
      'Invalid according to Policy: Policy Condition failed: ["starts-with", "$key", "uploads/"]',
    );
    expect(check({ ...fields, key: 'uploads/a', 'Content-Type': 'text/html' })?.message).toBe(
      'Invalid according to Policy: Policy Condition failed: ["starts-with", "$Content-Type", "image/"]',
    );
  });

  it('refuses an upload to another bucket', async () => {
    const { fields } = await presign();
    expect(check(fields, 100, { bucket: 'other' })?.message).toBe(
      'Invalid according to Policy: Policy Condition failed: ["eq", "$bucket", "images"]',
    );
  });

  it('refuses an expired policy', async () => {
    const { fields } = await presign({ Expires: 60 });
    expect(check(fields, 100, { now: new Date(Date.now() + 61_000) })).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy expired.',
    });
  });

  it('refuses a tampered signature, a policy edited after signing and another secret key', async () => {
    const { fields } = await presign();
    const flipped = fields['X-Amz-Signature'].replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect(check({ ...fields, 'X-Amz-Signature': flipped })).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    const looser = JSON.parse(Buffer.from(fields.Policy, 'base64').toString('utf8'));
    looser.conditions[0] = ['content-length-range', 1, 10_000_000];
    expect(
      check({ ...fields, Policy: Buffer.from(JSON.stringify(looser)).toString('base64') }, 5_000_000),
    ).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    const other = new S3Client({
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:4569',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'not-the-secret' },
    });
    const forged = await createPresignedPost(other, { Bucket: 'images', Key: 'images/products/a.png' });
    other.destroy();
    expect(check(forged.fields)).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(
      check({ ...fields, 'X-Amz-Credential': fields['X-Amz-Credential'].replace('S3RVER', 'AKIAOTHER') }),
    ).toMatchObject({
      status: 403,
      code: 'InvalidAccessKeyId',
    });
  });

  it('refuses form fields the policy does not allow, except the exempt ones', async () => {
    const { fields } = await presign();
    expect(check({ ...fields, 'x-amz-meta-owner': 'me' })).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Extra input fields: x-amz-meta-owner',
    });
    expect(check({ ...fields, 'x-ignore-note': 'anything' })).toBeUndefined();
  });

  it('checks any other eq condition on a form field', async () => {
    const { fields } = await presign({ Conditions: [{ success_action_status: '201' }] });
    expect(check({ ...fields, success_action_status: '201' })).toBeUndefined();
    expect(check({ ...fields, success_action_status: '200' })?.message).toBe(
      'Invalid according to Policy: Policy Condition failed: ["eq", "$success_action_status", "201"]',
    );
    expect(check(fields)?.code).toBe('AccessDenied');
  });

  it('refuses a form without a file, without a policy, or with a policy that is not JSON', async () => {
    const { fields } = await presign();
    expect(check(fields, null)).toMatchObject({ status: 400, code: 'InvalidArgument' });
    const { Policy: _policy, ...unsigned } = fields;
    expect(check(unsigned)).toMatchObject({ status: 403, code: 'AccessDenied', message: 'Access Denied' });
    const garbage = Buffer.from('not json').toString('base64');
    const [, date, region] = fields['X-Amz-Credential'].split('/');
    const signature = createHmac('sha256', signingKey('S3RVER', date, region, 's3'))
      .update(garbage)
      .digest('hex');
    expect(check({ ...fields, Policy: garbage, 'X-Amz-Signature': signature })).toMatchObject({
      status: 400,
      code: 'InvalidPolicyDocument',
    });
  });

  it('refuses a signed policy with a malformed condition as an invalid document', async () => {
    const { fields } = await presign();
    const bad = resign(fields, (policy) => policy.conditions.push(['between', '$key', 'a', 'b']));
    expect(check(bad)).toMatchObject({ status: 400, code: 'InvalidPolicyDocument' });
  });

  it('writes S3 error documents with the details and escaped text', () => {
    const xml = errorXml(
      { status: 400, code: 'EntityTooLarge', message: 'a < b & "c"', details: { MaxSizeAllowed: '10' } },
      'REQ1',
    );
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>EntityTooLarge</Code><Message>a &lt; b &amp; &quot;c&quot;</Message><MaxSizeAllowed>10</MaxSizeAllowed><RequestId>REQ1</RequestId><HostId>REQ1</HostId></Error>',
    );
  });
});

describe('reading the POST form', () => {
  const encode = async (form: FormData) => {
    const request = new Request('http://localhost/images', { method: 'POST', body: form });
    return {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      body: Buffer.from(await request.arrayBuffer()),
    };
  };

  it('takes the fields before the file and the file real size, and ignores what follows the file', async () => {
    const form = new FormData();
    form.append('key', 'images/a.png');
    form.append('Content-Type', 'image/png');
    form.append('file', new Blob([new Uint8Array(1500)], { type: 'image/png' }), 'a.png');
    form.append('late', 'ignored');
    const { headers, body } = await encode(form);
    expect(await readPostForm(headers, body)).toEqual({
      fields: [
        ['key', 'images/a.png'],
        ['Content-Type', 'image/png'],
      ],
      fileSize: 1500,
    });
  });

  it('knows a form without a file, and refuses a body that is not multipart', async () => {
    const form = new FormData();
    form.append('key', 'a');
    const { headers, body } = await encode(form);
    expect((await readPostForm(headers, body))?.fileSize).toBeUndefined();
    expect(await readPostForm({ 'content-type': 'text/plain' }, Buffer.from('x'))).toBeUndefined();
  });
});
