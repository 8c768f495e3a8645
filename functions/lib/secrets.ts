import { readFile } from 'node:fs/promises';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import { ENV } from '../../shared/runtime-env.js';
import { requireEnv } from './env.js';

/** The provider keys held in the one Secrets Manager secret. Every key is optional until staff set it. */
export const ZProviderSecrets = z.object({
  easypostTestKey: z.optional(z.string()),
  easypostProdKey: z.optional(z.string()),
  easypostWebhookSecret: z.optional(z.string()),
  twilioAccountSid: z.optional(z.string()),
  twilioAuthToken: z.optional(z.string()),
  emailApiKey: z.optional(z.string()),
});
export type ProviderSecrets = z.infer<typeof ZProviderSecrets>;

const CACHE_MS = 5 * 60 * 1000;
let cached: { value: ProviderSecrets; at: number } | null = null;
let client: SecretsManagerClient | null = null;

/** An empty string means "not configured", the same as a missing key. */
const clean = (raw: unknown): ProviderSecrets => {
  const parsed = ZProviderSecrets.parse(raw);
  return Object.fromEntries(
    Object.entries(parsed).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  );
};

async function load(): Promise<ProviderSecrets> {
  // Locally there is no Secrets Manager emulator: the same interface reads a git-ignored JSON file.
  const localFile = process.env[ENV.localSecretsFile];
  if (localFile) return clean(JSON.parse(await readFile(localFile, 'utf8')));
  client ??= new SecretsManagerClient({});
  const result = await client.send(new GetSecretValueCommand({ SecretId: requireEnv(ENV.secretId) }));
  return clean(JSON.parse(result.SecretString ?? '{}'));
}

/** Provider keys, cached for five minutes per container so a rotated key is picked up without a deploy. */
export async function getProviderSecrets(now = Date.now()): Promise<ProviderSecrets> {
  if (cached && now - cached.at < CACHE_MS) return cached.value;
  const value = await load();
  cached = { value, at: now };
  return value;
}

export const clearSecretsCache = (): void => {
  cached = null;
};
