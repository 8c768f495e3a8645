import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import { adminSettingsMessages } from '../../shared/messages.js';
import { ENV } from '../../shared/runtime-env.js';
import { requireEnv } from './env.js';
import { AppError } from './errors.js';

/** The provider keys held in the one Secrets Manager secret. Every key is optional until staff set it. */
export const ZProviderSecrets = z.object({
  easypostTestKey: z.optional(z.string()),
  easypostProdKey: z.optional(z.string()),
  easypostWebhookSecret: z.optional(z.string()),
  /** The EasyPost carrier account labels are bought on (added by the back office; no template placeholder). */
  easypostCarrierAccount: z.optional(z.string()),
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

const secretsClient = () => {
  client ??= new SecretsManagerClient({});
  return client;
};

/** The secret's whole JSON, keys this code does not know included (a write must keep them). */
async function loadRaw(): Promise<Record<string, unknown>> {
  // Locally there is no Secrets Manager emulator: the same interface reads a git-ignored JSON file.
  const localFile = process.env[ENV.localSecretsFile];
  const text = localFile
    ? await readFile(localFile, 'utf8')
    : ((await secretsClient().send(new GetSecretValueCommand({ SecretId: requireEnv(ENV.secretId) })))
        .SecretString ?? '{}');
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}

async function storeRaw(value: Record<string, unknown>): Promise<void> {
  const text = JSON.stringify(value, null, 2);
  const localFile = process.env[ENV.localSecretsFile];
  if (localFile) {
    // Written beside the file, then renamed over it: a reader sees the old file or the new one, never half.
    const temporary = `${localFile}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, `${text}\n`, { mode: 0o600 });
    await rename(temporary, localFile);
    return;
  }
  await secretsClient().send(
    new PutSecretValueCommand({ SecretId: requireEnv(ENV.secretId), SecretString: text }),
  );
}

const load = async (): Promise<ProviderSecrets> => clean(await loadRaw());

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

/** Provider keys as stored now, bypassing the cache (the back office shows what is set). */
export async function readProviderSecretsFresh(now = Date.now()): Promise<ProviderSecrets> {
  const value = await load();
  cached = { value, at: now };
  return value;
}

const WRITE_ATTEMPTS = 3;

/**
 * Sets some keys of the secret, keeping every other key. Secrets Manager has no conditional write, so two
 * admins saving different keys at once could each write back the other's old value: after writing, the
 * secret is read again and the merge repeated until it holds what was asked (a concurrent writer's keys,
 * merged too, survive). Clears this container's cache.
 */
export async function saveProviderSecrets(changes: ProviderSecrets): Promise<ProviderSecrets> {
  const wanted = Object.entries(changes).filter(([, v]) => typeof v === 'string');
  if (wanted.length === 0) return getProviderSecrets();
  try {
    for (let attempt = 1; ; attempt++) {
      await storeRaw({ ...(await loadRaw()), ...Object.fromEntries(wanted) });
      const stored = await loadRaw();
      if (wanted.every(([k, v]) => stored[k] === v)) return clean(stored);
      // 409: the client may simply save again (the settings page shows 'Error saving settings: ...').
      if (attempt >= WRITE_ATTEMPTS) throw new AppError('conflict', adminSettingsMessages.secretsConflict);
    }
  } finally {
    clearSecretsCache();
  }
}
