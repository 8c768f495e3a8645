import type { Context } from 'hono';

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

export function parseJson(raw: string): Json {
  if (raw.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  const record = asRecord(value);
  if (!record) throw badRequest('The request body must be a JSON object.');
  return record;
}

/** A JSON answer, typed as EasyPost types it. */
export const json = (c: Context, status: number, body: unknown) =>
  c.json(body, status as 200, { 'content-type': 'application/json; charset=utf-8' });

export const errorAnswer = (c: Context, error: ApiError) =>
  json(c, error.status, { error: { code: error.code, message: error.message, errors: error.errors } });
