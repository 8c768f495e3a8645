import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { clearSecretsCache, getProviderSecrets, saveProviderSecrets } from './secrets.js';

const sm = mockClient(SecretsManagerClient);

afterEach(() => {
  clearSecretsCache();
  sm.reset();
  delete process.env.LOCAL_SECRETS_FILE;
  delete process.env.PROVIDER_SECRET_ID;
  delete process.env.LOCAL_SIGNING_SECRETS_FILE;
  delete process.env.SIGNING_SECRET_ID;
});

/** Two fake secrets in Secrets Manager, by id; returns their current JSON. */
function fakeSecrets(
  initial: Record<string, Record<string, string>>,
): Record<string, Record<string, string>> {
  const current = structuredClone(initial);
  sm.on(GetSecretValueCommand).callsFake((input: { SecretId: string }) => {
    if (!current[input.SecretId]) throw new Error(`AccessDenied: ${input.SecretId}`);
    return { SecretString: JSON.stringify(current[input.SecretId]) };
  });
  sm.on(PutSecretValueCommand).callsFake((input: { SecretId: string; SecretString: string }) => {
    current[input.SecretId] = JSON.parse(input.SecretString);
    return {};
  });
  return current;
}

describe('provider secrets', () => {
  it('reads Secrets Manager by the configured id, dropping blank keys', async () => {
    process.env.PROVIDER_SECRET_ID = 'arn:aws:secretsmanager:us-east-1:1:secret:providers';
    sm.on(GetSecretValueCommand).resolves({
      SecretString: '{"easypostTestKey":"EZTK1","twilioAuthToken":" "}',
    });
    expect(await getProviderSecrets()).toEqual({ easypostTestKey: 'EZTK1' });
    expect(sm.commandCalls(GetSecretValueCommand)[0].args[0].input.SecretId).toMatch(/providers$/);
  });

  it('caches for five minutes', async () => {
    process.env.PROVIDER_SECRET_ID = 'providers';
    sm.on(GetSecretValueCommand).resolves({ SecretString: '{"emailApiKey":"k1"}' });
    await getProviderSecrets(1_000);
    await getProviderSecrets(1_000 + 60_000);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    await getProviderSecrets(1_000 + 5 * 60_000 + 1);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('reads the local file instead when running on the local stack', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    const file = join(dir, 'secrets.json');
    writeFileSync(file, JSON.stringify({ easypostTestKey: 'EZTK_local' }));
    process.env.PROVIDER_SECRET_ID = 'providers';
    process.env.LOCAL_SECRETS_FILE = file;
    expect(await getProviderSecrets()).toEqual({ easypostTestKey: 'EZTK_local' });
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });

  it('rejects a secret whose values are not strings', async () => {
    process.env.PROVIDER_SECRET_ID = 'providers';
    sm.on(GetSecretValueCommand).resolves({ SecretString: '{"easypostTestKey":42}' });
    await expect(getProviderSecrets()).rejects.toThrow();
  });
});

describe('saving provider secrets', () => {
  it('merges into the secret, keeping every other key, and clears the cache', async () => {
    process.env.PROVIDER_SECRET_ID = 'providers';
    let current = JSON.stringify({ easypostTestKey: 'old', emailApiKey: 'em', futureKey: 'kept' });
    sm.on(GetSecretValueCommand).callsFake(() => ({ SecretString: current }));
    sm.on(PutSecretValueCommand).callsFake((input) => {
      current = input.SecretString;
      return {};
    });
    await getProviderSecrets();
    const saved = await saveProviderSecrets({ easypostTestKey: 'EZTK_new', easypostCarrierAccount: 'ca_1' });
    expect(JSON.parse(current)).toEqual({
      easypostTestKey: 'EZTK_new',
      emailApiKey: 'em',
      futureKey: 'kept',
      easypostCarrierAccount: 'ca_1',
    });
    expect(saved).toMatchObject({ easypostTestKey: 'EZTK_new', easypostCarrierAccount: 'ca_1' });
    // The next read is fresh, not the cached 'old'.
    expect((await getProviderSecrets()).easypostTestKey).toBe('EZTK_new');
  });

  it('writes again when a concurrent writer put back an older copy', async () => {
    process.env.PROVIDER_SECRET_ID = 'providers';
    let current = JSON.stringify({ easypostProdKey: 'theirs' });
    let puts = 0;
    sm.on(GetSecretValueCommand).callsFake(() => ({ SecretString: current }));
    sm.on(PutSecretValueCommand).callsFake((input) => {
      puts++;
      // The first write is overwritten by another admin's merge made from the copy before ours.
      current =
        puts === 1 ? JSON.stringify({ easypostProdKey: 'theirs', emailApiKey: 'x' }) : input.SecretString;
      return {};
    });
    await saveProviderSecrets({ easypostTestKey: 'mine' });
    expect(puts).toBe(2);
    expect(JSON.parse(current)).toEqual({
      easypostProdKey: 'theirs',
      emailApiKey: 'x',
      easypostTestKey: 'mine',
    });
  });

  it('locally replaces the JSON file whole, leaving no temporary file behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    const file = join(dir, 'secrets.json');
    writeFileSync(file, JSON.stringify({ easypostWebhookSecret: 'wh' }));
    process.env.PROVIDER_SECRET_ID = 'providers';
    process.env.LOCAL_SECRETS_FILE = file;
    await saveProviderSecrets({ easypostProdKey: 'EZAK_local' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      easypostWebhookSecret: 'wh',
      easypostProdKey: 'EZAK_local',
    });
    expect(readdirSync(dir)).toEqual(['secrets.json']);
    expect(sm.commandCalls(PutSecretValueCommand)).toHaveLength(0);
  });
});

describe('the signing secret, apart from the provider keys', () => {
  it('a webhook given only the signing secret reads only that one', async () => {
    process.env.SIGNING_SECRET_ID = 'signing';
    fakeSecrets({ signing: { twilioAuthToken: 'tw', easypostWebhookSecret: 'wh' } });
    expect(await getProviderSecrets()).toEqual({ twilioAuthToken: 'tw', easypostWebhookSecret: 'wh' });
    expect(sm.commandCalls(GetSecretValueCommand).map((c) => c.args[0].input.SecretId)).toEqual(['signing']);
  });

  it('takes the signing keys from the signing secret only, never an old copy in the provider secret', async () => {
    process.env.PROVIDER_SECRET_ID = 'providers';
    process.env.SIGNING_SECRET_ID = 'signing';
    fakeSecrets({
      providers: { easypostTestKey: 'EZTK1', twilioAuthToken: 'stale', easypostWebhookSecret: 'stale' },
      signing: { twilioAuthToken: 'tw' },
    });
    expect(await getProviderSecrets()).toEqual({ easypostTestKey: 'EZTK1', twilioAuthToken: 'tw' });
  });

  it('a function given only the provider secret sees no signing key', async () => {
    process.env.PROVIDER_SECRET_ID = 'providers';
    fakeSecrets({ providers: { easypostTestKey: 'EZTK1', twilioAuthToken: 'stale' } });
    expect(await getProviderSecrets()).toEqual({ easypostTestKey: 'EZTK1' });
  });

  it('saves each key into its own secret', async () => {
    process.env.PROVIDER_SECRET_ID = 'providers';
    process.env.SIGNING_SECRET_ID = 'signing';
    const current = fakeSecrets({
      providers: { emailApiKey: 'em' },
      signing: { easypostWebhookSecret: 'wh' },
    });
    const saved = await saveProviderSecrets({ twilioAuthToken: 'tw2', easypostProdKey: 'EZAK' });
    expect(current).toEqual({
      providers: { emailApiKey: 'em', easypostProdKey: 'EZAK' },
      signing: { easypostWebhookSecret: 'wh', twilioAuthToken: 'tw2' },
    });
    expect(saved).toEqual({
      emailApiKey: 'em',
      easypostProdKey: 'EZAK',
      easypostWebhookSecret: 'wh',
      twilioAuthToken: 'tw2',
    });
  });

  it('locally reads and writes the signing secret in its own file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    const file = join(dir, 'signing-secrets.json');
    writeFileSync(file, JSON.stringify({ easypostWebhookSecret: 'wh' }));
    process.env.SIGNING_SECRET_ID = 'signing';
    process.env.LOCAL_SIGNING_SECRETS_FILE = file;
    await saveProviderSecrets({ twilioAuthToken: 'tw_local' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      easypostWebhookSecret: 'wh',
      twilioAuthToken: 'tw_local',
    });
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });
});
