/**
 * The local S3 endpoint, in front of s3rver (which listens on an internal port). A browser POST upload
 * (multipart/form-data to `/<bucket>`) is read whole, checked against its policy as S3 would (s3-post-policy.ts),
 * and only then handed to s3rver byte for byte; a refused one stores nothing. Every other request (the SDK's
 * calls, presigned GET/PUT, CORS preflights) streams through untouched.
 */

import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { listen, type NodeEnv, streamThrough } from './http.js';
import { checkPostPolicy, errorXml, type PolicyRefusal, type PostUpload } from './s3-post-policy.js';

export interface S3ProxyOptions {
  port: number;
  /** s3rver's own port on 127.0.0.1. */
  upstreamPort: number;
  /** Secret keys by access key id (s3rver accepts one pair). */
  secrets: Record<string, string>;
}

/** S3 takes POST uploads up to 5 GB; locally a far smaller cap keeps the runner's memory in check. */
const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

/** The form's fields up to the file and the file's real size, read with busboy from the buffered body. */
export function readPostForm(
  headers: IncomingMessage['headers'],
  body: Buffer,
): Promise<Omit<PostUpload, 'bucket'> | undefined> {
  return new Promise((resolve) => {
    const fields: Array<[string, string]> = [];
    let fileSize: number | undefined;
    let seenFile = false;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers, limits: { fieldSize: 1024 * 1024 } });
    } catch {
      return resolve(undefined);
    }
    parser.on('field', (name, value) => {
      // S3 reads the form up to the file and ignores what follows.
      if (seenFile) return;
      if (name === 'file') {
        seenFile = true;
        fileSize = Buffer.byteLength(value);
        return;
      }
      fields.push([name, value]);
    });
    parser.on('file', (name, stream) => {
      if (name !== 'file' || seenFile) return void stream.resume();
      seenFile = true;
      fileSize = 0;
      stream.on('data', (chunk: Buffer) => {
        fileSize = (fileSize ?? 0) + chunk.length;
      });
    });
    parser.on('close', () => resolve({ fields, fileSize }));
    parser.on('error', () => resolve(undefined));
    Readable.from([body]).pipe(parser);
  });
}

export async function startS3Proxy(options: S3ProxyOptions): Promise<{ close(): Promise<void> }> {
  const upstream = new URL(`http://127.0.0.1:${options.upstreamPort}`);

  /** The bucket's CORS answer for this origin (s3rver applies the bucket's CORS rules), for a refusal. */
  async function corsHeaders(c: Context): Promise<Record<string, string>> {
    const origin = c.req.header('origin');
    if (!origin) return {};
    try {
      const answer = await fetch(new URL(c.env.incoming.url ?? '/', upstream), {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      const allowed = answer.headers.get('access-control-allow-origin');
      return allowed ? { 'access-control-allow-origin': allowed, vary: 'Origin' } : {};
    } catch {
      return {};
    }
  }

  const xml = (refusal: PolicyRefusal, headers: Record<string, string> = {}) => {
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    return new Response(errorXml(refusal, requestId), {
      status: refusal.status,
      headers: { ...headers, 'content-type': 'application/xml', 'x-amz-request-id': requestId },
    });
  };
  const refuse = async (c: Context, refusal: PolicyRefusal) => xml(refusal, await corsHeaders(c));

  // `/<bucket>` and `/<bucket>/` alike.
  const app = new Hono<NodeEnv>({ strict: false });
  app.onError((error) => xml({ status: 500, code: 'InternalError', message: error.message }));
  // A browser's POST upload to `/<bucket>`: checked against its policy before s3rver stores it.
  app.post(
    '/:bucket{[^/]+}',
    async (c, next) => {
      const multipart = /^multipart\/form-data/i.test(c.req.header('content-type') ?? '');
      if (!multipart || (c.env.incoming.url ?? '').includes('?')) return pass(c);
      await next();
    },
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES,
      onError: (c) =>
        refuse(c, {
          status: 400,
          code: 'EntityTooLarge',
          message: 'Your proposed upload exceeds the maximum allowed size',
        }),
    }),
    async (c) => {
      const body = Buffer.from(await c.req.arrayBuffer());
      const form = await readPostForm(c.env.incoming.headers, body);
      if (!form)
        return refuse(c, {
          status: 400,
          code: 'MalformedPOSTRequest',
          message: 'The body of your POST request is not well-formed multipart/form-data.',
        });
      const refusal = checkPostPolicy(
        { bucket: c.req.param('bucket'), ...form },
        { secrets: options.secrets },
      );
      return refusal ? refuse(c, refusal) : pass(c, body);
    },
  );
  app.all('*', (c) => pass(c));
  // The Host header stays: SDK requests are signed over it, and s3rver checks those signatures.
  const pass = (c: Context<NodeEnv>, body?: Buffer) => streamThrough(c, upstream, { keepHost: true, body });
  return listen(app, { port: options.port, name: 's3rver (S3)' });
}
