/**
 * The local S3 endpoint, in front of s3rver (which listens on an internal port). A browser POST upload
 * (multipart/form-data to `/<bucket>`) is read whole, checked against its policy as S3 would (s3-post-policy.ts),
 * and only then handed to s3rver byte for byte; a refused one stores nothing. Every other request (the SDK's
 * calls, presigned GET/PUT, CORS preflights) streams through untouched.
 */

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { LocalStackError } from './errors.js';
import { readBody } from './http-body.js';
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

const isPostUpload = (req: IncomingMessage, path: string) =>
  req.method === 'POST' &&
  /^multipart\/form-data/i.test(String(req.headers['content-type'] ?? '')) &&
  /^\/[^/]+\/?$/.test(path);

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
  /** The bucket's CORS answer for this origin (s3rver applies the bucket's CORS rules), for a refusal. */
  const corsHeaders = (req: IncomingMessage): Promise<Record<string, string>> =>
    new Promise((resolve) => {
      const origin = req.headers.origin;
      if (!origin) return resolve({});
      const preflight = request(
        {
          host: '127.0.0.1',
          port: options.upstreamPort,
          method: 'OPTIONS',
          path: req.url,
          headers: { host: req.headers.host ?? '', origin, 'access-control-request-method': 'POST' },
        },
        (answer) => {
          answer.resume();
          const allowed = answer.headers['access-control-allow-origin'];
          resolve(allowed ? { 'access-control-allow-origin': String(allowed), vary: 'Origin' } : {});
        },
      );
      preflight.on('error', () => resolve({}));
      preflight.end();
    });

  const refuse = async (req: IncomingMessage, res: ServerResponse, refusal: PolicyRefusal) => {
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    const body = Buffer.from(errorXml(refusal, requestId));
    res.writeHead(refusal.status, {
      ...(await corsHeaders(req)),
      'content-type': 'application/xml',
      'content-length': String(body.length),
      'x-amz-request-id': requestId,
    });
    res.end(body);
  };

  const pass = (req: IncomingMessage, res: ServerResponse, body?: Buffer) =>
    new Promise<void>((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port: options.upstreamPort,
          method: req.method,
          path: req.url,
          // The Host header stays: SDK requests are signed over it, and s3rver checks those signatures.
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', resolve);
          answer.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      if (body) outgoing.end(body);
      else req.pipe(outgoing);
    });

  async function upload(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const body = await readBody(req, MAX_UPLOAD_BYTES);
    if (!body)
      return refuse(req, res, {
        status: 400,
        code: 'EntityTooLarge',
        message: 'Your proposed upload exceeds the maximum allowed size',
      });
    const form = await readPostForm(req.headers, body);
    if (!form)
      return refuse(req, res, {
        status: 400,
        code: 'MalformedPOSTRequest',
        message: 'The body of your POST request is not well-formed multipart/form-data.',
      });
    let bucket: string;
    try {
      bucket = decodeURIComponent(path.replace(/^\/|\/$/g, ''));
    } catch {
      bucket = '';
    }
    const refusal = checkPostPolicy({ bucket, ...form }, { secrets: options.secrets });
    if (refusal) return refuse(req, res, refusal);
    await pass(req, res, body);
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const handle =
      isPostUpload(req, path) && !(req.url ?? '').includes('?') ? upload(req, res, path) : pass(req, res);
    handle.catch((error: Error) => {
      if (res.headersSent) return void res.destroy();
      const body = Buffer.from(
        errorXml(
          { status: 500, code: 'InternalError', message: error.message },
          randomBytes(8).toString('hex'),
        ),
      );
      res.writeHead(500, { 'content-type': 'application/xml', 'content-length': String(body.length) });
      res.end(body);
    });
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) =>
      reject(new LocalStackError(`s3rver (S3) could not start on port ${options.port}: ${error.message}`)),
    );
    server.listen(options.port, '127.0.0.1', () => {
      server.removeAllListeners('error');
      server.on('error', (error) => process.stderr.write(`[s3] ${error.message}\n`));
      resolve();
    });
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
