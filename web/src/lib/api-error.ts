/** Any failed API call: the server's error body, a network failure, or an answer that breaks the contract. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** The server's Retry-After in seconds (a 429 or a 503), when it sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
