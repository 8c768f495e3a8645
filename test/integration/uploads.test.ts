import { randomUUID } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { stack } from '../support/stack';

// The S3 client as a Lambda of the local stack builds it: endpoint and credentials from its environment.
let s3: S3Client;
let bucket: string;
beforeAll(() => {
  const env = stack().env as Record<string, string>;
  s3 = new S3Client({
    region: env.AWS_REGION,
    endpoint: env.AWS_ENDPOINT_URL_S3,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  bucket = String(stack().imagesBucket);
});
afterAll(() => s3.destroy());

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200, 7)]);

/** A presigned POST as the admin image upload makes one: one key, one type, at most 1 KB. */
const presign = (key: string, expires = 300) =>
  createPresignedPost(s3, {
    Bucket: bucket,
    Key: key,
    Conditions: [
      ['content-length-range', 1, 1024],
      ['eq', '$Content-Type', 'image/png'],
    ],
    Fields: { 'Content-Type': 'image/png' },
    Expires: expires,
  });

/** The browser's upload: the form fields, then the file. */
async function post(url: string, fields: Record<string, string>, file: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'file',
    new Blob([new Uint8Array(file)], { type: fields['Content-Type'] ?? 'image/png' }),
    'a.png',
  );
  const res = await fetch(url, { method: 'POST', body: form });
  return { status: res.status, text: await res.text() };
}

const stored = async (key: string) => {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return false;
    throw error;
  }
};
const code = (xml: string) => /<Code>([^<]+)<\/Code>/.exec(xml)?.[1];
const message = (xml: string) => /<Message>([^<]+)<\/Message>/.exec(xml)?.[1];

describe('browser uploads with a presigned POST (local S3 checks the policy as AWS does)', () => {
  it('stores an upload that meets the policy, readable with its content type', async () => {
    const key = `images/test/${randomUUID()}.png`;
    const { url, fields } = await presign(key);
    const res = await post(url, fields, PNG);
    expect(res.status).toBe(204);
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(object.ContentType).toBe('image/png');
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(PNG)).toBe(true);
  });

  it('answers 201 with S3 XML when the form asks for it', async () => {
    const key = `images/test/${randomUUID()}.png`;
    const { url, fields } = await createPresignedPost(s3, {
      Bucket: bucket,
      Key: key,
      Conditions: [['content-length-range', 1, 1024]],
      Fields: { 'Content-Type': 'image/png', success_action_status: '201' },
    });
    const res = await post(url, fields, PNG);
    expect(res.status).toBe(201);
    expect(res.text).toContain(`<Key>${key}</Key>`);
    expect(await stored(key)).toBe(true);
  });

  it('refuses a file over the size range with EntityTooLarge and stores nothing', async () => {
    const key = `images/test/${randomUUID()}.png`;
    const { url, fields } = await presign(key);
    const res = await post(url, fields, Buffer.alloc(1025, 1));
    expect(res.status).toBe(400);
    expect(code(res.text)).toBe('EntityTooLarge');
    expect(await stored(key)).toBe(false);
  });

  it('refuses another content type', async () => {
    const key = `images/test/${randomUUID()}.png`;
    const { url, fields } = await presign(key);
    const res = await post(url, { ...fields, 'Content-Type': 'image/svg+xml' }, PNG);
    expect(res.status).toBe(403);
    expect(code(res.text)).toBe('AccessDenied');
    expect(message(res.text)).toBe(
      'Invalid according to Policy: Policy Condition failed: [&quot;eq&quot;, &quot;$Content-Type&quot;, &quot;image/png&quot;]',
    );
    expect(await stored(key)).toBe(false);
  });

  it('refuses another key', async () => {
    const key = `images/test/${randomUUID()}.png`;
    const other = `images/test/${randomUUID()}.png`;
    const { url, fields } = await presign(key);
    const res = await post(url, { ...fields, key: other }, PNG);
    expect(res.status).toBe(403);
    expect(message(res.text)).toContain('Policy Condition failed: [&quot;eq&quot;, &quot;$key&quot;');
    expect(await stored(other)).toBe(false);
    expect(await stored(key)).toBe(false);
  });

  it('refuses an expired policy', async () => {
    const key = `images/test/${randomUUID()}.png`;
    const { url, fields } = await presign(key, 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const res = await post(url, fields, PNG);
    expect(res.status).toBe(403);
    expect(message(res.text)).toBe('Invalid according to Policy: Policy expired.');
    expect(await stored(key)).toBe(false);
  });

  it('refuses a tampered signature', async () => {
    const key = `images/test/${randomUUID()}.png`;
    const { url, fields } = await presign(key);
    const signature = fields['X-Amz-Signature'];
    const tampered = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const res = await post(url, { ...fields, 'X-Amz-Signature': tampered }, PNG);
    expect(res.status).toBe(403);
    expect(code(res.text)).toBe('SignatureDoesNotMatch');
    expect(await stored(key)).toBe(false);
  });

  it('answers the browser preflight, and a refusal the browser can read, for the site origin', async () => {
    const key = `images/test/${randomUUID()}.png`;
    const { url, fields } = await presign(key);
    const origin = stack().urls.site;
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(200);
    const allowed = preflight.headers.get('access-control-allow-origin');
    // The bucket's CORS rule, as s3rver applies it: the site origin, or any origin.
    expect([origin, '*']).toContain(allowed);
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...fields, 'Content-Type': 'text/html' }))
      form.append(name, value);
    form.append('file', new Blob([new Uint8Array(PNG)]), 'a.png');
    const refused = await fetch(url, { method: 'POST', body: form, headers: { origin } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBe(allowed);
    expect(await stored(key)).toBe(false);
  });

  it('still serves the SDK own calls and presigned GETs through the same endpoint', async () => {
    const key = `images/test/${randomUUID()}.png`;
    const { url, fields } = await presign(key);
    expect((await post(url, fields, PNG)).status).toBe(204);
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(head.ContentLength).toBe(PNG.length);
  });
});
