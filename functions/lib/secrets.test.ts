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
});

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
    let current = JSON.stringify({ easypostTestKey: 'old', twilioAuthToken: 'tw', futureKey: 'kept' });
    sm.on(GetSecretValueCommand).callsFake(() => ({ SecretString: current }));
    sm.on(PutSecretValueCommand).callsFake((input) => {
      current = input.SecretString;
      return {};
    });
    await getProviderSecrets();
    const saved = await saveProviderSecrets({ easypostTestKey: 'EZTK_new', easypostCarrierAccount: 'ca_1' });
    expect(JSON.parse(current)).toEqual({
      easypostTestKey: 'EZTK_new',
      twilioAuthToken: 'tw',
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
