import { describe, expect, test } from '@jest/globals';
import { ApiError } from './api-error';
import { queryClient, retryTransient, TRANSIENT_RETRIES } from './query-client';

const failure = (status: number) => new ApiError(status, 'X', 'x');

describe('the query defaults', () => {
  const retry = queryClient.getDefaultOptions().queries?.retry as (n: number, e: unknown) => boolean;

  test.each([400, 401, 403, 404, 409, 410, 429])('a %i is the answer: never retried', (status) => {
    expect(retry(0, failure(status))).toBe(false);
  });

  test.each([0, 500, 502, 503])('a %i (network or server) is retried twice, then given up', (status) => {
    expect(retry(0, failure(status))).toBe(true);
    expect(retry(TRANSIENT_RETRIES - 1, failure(status))).toBe(true);
    expect(retry(TRANSIENT_RETRIES, failure(status))).toBe(false);
  });

  test('a broken answer or an error of our own code is not retried', () => {
    expect(retry(0, new ApiError(200, 'INVALID_RESPONSE', 'Unexpected response from server'))).toBe(false);
    expect(retry(0, new TypeError('x is undefined'))).toBe(false);
  });

  test('queries stay fresh a moment and ignore focus; mutations never retry', () => {
    const defaults = queryClient.getDefaultOptions();
    expect(defaults.queries?.staleTime).toBeGreaterThan(0);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });

  test('retryTransient(1): one retry, transient failures only', () => {
    expect(retryTransient(1)(0, failure(503))).toBe(true);
    expect(retryTransient(1)(1, failure(503))).toBe(false);
    expect(retryTransient(1)(0, failure(404))).toBe(false);
  });
});
