import { apiMessages } from '../../shared/messages.js';

export type ErrorCode =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'unsupported_media_type'
  | 'conflict'
  | 'gone'
  | 'rate_limited'
  | 'internal'
  | 'unavailable'
  | 'busy';

const STATUS: Record<ErrorCode, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  /** A body that is not declared as JSON: no form or text/plain post from another site without a preflight. */
  unsupported_media_type: 415,
  conflict: 409,
  gone: 410,
  rate_limited: 429,
  internal: 500,
  /** A provider we depend on failed; the client may try again later. */
  unavailable: 502,
  /** The request ran out of time (under a burst): the client may send it again after Retry-After. */
  busy: 503,
};

/** A failure the client is meant to see: domain code throws these, one middleware maps them to HTTP. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS[code];
  }
}

export const notFound = (message: string = apiMessages.notFound) => new AppError('not_found', message);
export const validationError = (message: string, fields?: Record<string, string>) =>
  new AppError('validation', message, fields);
