import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import * as ENV from '../../shared/env-vars.js';
import { adminSettingsMessages } from '../../shared/messages.js';
import { SIGNING_SECRET_KEYS } from '../../shared/runtime-env.js';
import { requireEnv } from './env.js';
import { AppError } from './errors.js';

/** One schema for every credential (a schema is immutable, so they share it). */
const maybeText = z.optional(z.string());

/** The provider keys and signing secrets (two Secrets Manager secrets). Every key is optional until staff set it. */
export const ZProviderSecrets = z.object({
  easypostTestKey: maybeText,
  easypostProdKey: maybeText,
  easypostWebhookSecret: maybeText,
  /** The EasyPost carrier account labels are bought on (added by the back office; no template placeholder). */
  easypostCarrierAccount: maybeText,
  twilioAccountSid: maybeText,
  twilioAuthToken: maybeText,
  emailApiKey: maybeText,
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

/**
 * The two secrets: the provider API keys, and the webhook signing secrets (SIGNING_SECRET_KEYS), so that a
 * public webhook's role reads only the latter. A function reads a secret only when the stack gave it that
 * secret's id (the capability that grants it); each key is read from its own secret only (the provider secret
 * may still hold blank or old copies of the signing keys: they are ignored).
 */
interface Store {
  idEnv: (typeof ENV)[keyof typeof ENV];
  /** Locally there is no Secrets Manager emulator: the same interface reads a git-ignored JSON file. */
  fileEnv: string;
  holds: (key: string) => boolean;
}
const isSigningKey = (key: string) => (SIGNING_SECRET_KEYS as readonly string[]).includes(key);
const PROVIDER: Store = {
  idEnv: ENV.secretId,
  fileEnv: ENV.localSecretsFile,
  holds: (k) => !isSigningKey(k),
};
const SIGNING: Store = {
  idEnv: ENV.signingSecretId,
  fileEnv: ENV.localSigningSecretsFile,
  holds: isSigningKey,
};
const granted = (store: Store) => Boolean(process.env[store.idEnv]);

/** The secret's whole JSON, keys this code does not know included (a write must keep them). */
async function loadRaw(store: Store): Promise<Record<string, unknown>> {
  const localFile = process.env[store.fileEnv];
  const text = localFile
    ? await readFile(localFile, 'utf8')
    : ((await secretsClient().send(new GetSecretValueCommand({ SecretId: requireEnv(store.idEnv) })))
        .SecretString ?? '{}');
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}

async function storeRaw(store: Store, value: Record<string, unknown>): Promise<void> {
  const text = JSON.stringify(value, null, 2);
  const localFile = process.env[store.fileEnv];
  if (localFile) {
    // Written beside the file, then renamed over it: a reader sees the old file or the new one, never half.
    const temporary = `${localFile}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, `${text}\n`, { mode: 0o600 });
    await rename(temporary, localFile);
    return;
  }
  await secretsClient().send(
    new PutSecretValueCommand({ SecretId: requireEnv(store.idEnv), SecretString: text }),
  );
}

/** The keys `store` holds, from its raw JSON. */
const own = (store: Store, raw: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(raw).filter(([key]) => store.holds(key)));

async function loadStore(store: Store): Promise<ProviderSecrets> {
  return granted(store) ? clean(own(store, await loadRaw(store))) : {};
}

const load = async (): Promise<ProviderSecrets> => {
  const [provider, signing] = await Promise.all([loadStore(PROVIDER), loadStore(SIGNING)]);
  return { ...provider, ...signing };
};

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
    for (const store of [PROVIDER, SIGNING]) {
      const mine = wanted.filter(([key]) => store.holds(key));
      if (mine.length > 0) await saveInto(store, mine);
    }
    return await load();
  } finally {
    clearSecretsCache();
  }
}

async function saveInto(store: Store, wanted: Array<[string, unknown]>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await storeRaw(store, { ...(await loadRaw(store)), ...Object.fromEntries(wanted) });
    const stored = await loadRaw(store);
    if (wanted.every(([k, v]) => stored[k] === v)) return;
    // 409: the client may simply save again (the settings page shows 'Error saving settings: ...').
    if (attempt >= WRITE_ATTEMPTS) throw new AppError('conflict', adminSettingsMessages.secretsConflict);
  }
}
