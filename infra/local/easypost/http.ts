import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http-body.js';

export type Json = Record<string, unknown>;

/** Every error EasyPost answers has this body; the client reads `error.body.error`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: unknown[] = [],
  ) {
    super(message);
  }
}

export const notFound = () => new ApiError(404, 'NOT_FOUND', 'The requested resource could not be found.');
export const badRequest = (message: string) => new ApiError(400, 'BAD_REQUEST', message);
export const required = (field: string) =>
  new ApiError(422, 'PARAMETER.REQUIRED', `Missing required parameter: ${field}.`, [
    { field, message: 'cannot be blank' },
  ]);

const MAX_BODY_BYTES = 1024 * 1024;

export function asRecord(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

/** A trimmed, non-empty string (a finite number counts, as its digits), else null. */
export function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function numberOrNull(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

export async function readRequestBody(req: IncomingMessage): Promise<Buffer> {
  const raw = await readBody(req, MAX_BODY_BYTES);
  if (!raw) throw badRequest('The request body is too large.');
  return raw;
}

/** The request path's segments, each decoded: the client does not encode ids, and a reference may stand in for one. */
export function pathSegments(path: string): string[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        throw badRequest('The request path is not valid.');
      }
    });
}

export function parseJson(raw: Buffer): Json {
  if (raw.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  const record = asRecord(value);
  if (!record) throw badRequest('The request body must be a JSON object.');
  return record;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': payload.length,
  });
  res.end(payload);
}

export function sendError(res: ServerResponse, error: ApiError): void {
  sendJson(res, error.status, { error: { code: error.code, message: error.message, errors: error.errors } });
}
