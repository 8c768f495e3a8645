import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { clearSecretsCache, getProviderSecrets } from './secrets.js';

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
