import { timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as ENV from '../../shared/env-vars.js';
import { acceptedOriginValues, ZOriginSecret } from '../../shared/schemas/origin-secret.js';
import { errorDetails, log } from './log.js';

/**
 * The values of the origin header the API accepts, read from the stage's origin secret (never from the
 * function's environment, where anyone with read access to Lambda would see it). Cached like the provider
 * secret; a header that matches none of the cached values makes the container look again, at most every
 * MISS_REFRESH_MS, so a rotation that has just begun (infra/ops/origin-rotation.ts) is picked up before the
 * cache would expire. Locally the same keys are read from the local secret file.
 */
export const ORIGIN_CACHE_MS = 5 * 60 * 1000;
const MISS_REFRESH_MS = 30 * 1000;

let cached: { values: string[]; at: number } | null = null;
let client: SecretsManagerClient | null = null;

async function load(): Promise<string[]> {
  const localFile = process.env[ENV.localSecretsFile];
  const secretId = process.env[ENV.originSecretId];
  let text: string | undefined;
  if (localFile) text = await readFile(localFile, 'utf8');
  else if (secretId) {
    client ??= new SecretsManagerClient({});
    text = (await client.send(new GetSecretValueCommand({ SecretId: secretId }))).SecretString;
  }
  if (!text) return [];
  const parsed = ZOriginSecret.safeParse(JSON.parse(text));
  return parsed.success ? acceptedOriginValues(parsed.data) : [];
}

const same = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Whether `given` is one of the origin secret's accepted values (one, or two during a rotation). */
let reading: Promise<string[]> | null = null;

/**
 * The secret read again, once for all the requests that ask at the same moment (a burst on a cold process);
 * should the read fail, values read before stay in use rather than refuse everyone.
 */
async function reload(now: number): Promise<{ values: string[]; at: number }> {
  reading ??= load().finally(() => {
    reading = null;
  });
  try {
    return { values: await reading, at: now };
  } catch (error) {
    if (!cached) throw error;
    log('warn', 'origin secret not read again: the values read before stay in use', errorDetails(error));
    return { values: cached.values, at: now };
  }
}

export async function isOriginValue(given: string | undefined, now = Date.now()): Promise<boolean> {
  if (!cached || now - cached.at >= ORIGIN_CACHE_MS) cached = await reload(now);
  if (given && cached.values.some((v) => same(given, v))) return true;
  if (now - cached.at >= MISS_REFRESH_MS) {
    cached = await reload(now);
    if (given && cached.values.some((v) => same(given, v))) return true;
  }
  if (cached.values.length === 0)
    log('error', 'origin secret not configured: every API request is refused', {});
  return false;
}

export const clearOriginSecretCache = (): void => {
  cached = null;
  reading = null;
};
