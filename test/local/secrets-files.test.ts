import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  carriedSecrets,
  ensureSecretsFile,
  LOCAL_SECRET_PLACEHOLDERS,
  LOCAL_SIGNING_SECRET_PLACEHOLDERS,
} from '../../infra/local/resources';
import type { Resolver } from '../../infra/local/template/intrinsics';
import type { NamedResource } from '../../infra/local/template/stack-model';
import { SIGNING_SECRET_KEYS } from '../../shared/runtime-env';

// The secrets' properties are plain JSON here: resolving returns them as they are.
const resolver = { resolve: (value: unknown) => value } as unknown as Resolver;
const secret = (logicalId: string, keys: readonly string[]): NamedResource =>
  ({
    logicalId,
    properties: { SecretString: JSON.stringify(Object.fromEntries(keys.map((k) => [k, '']))) },
  }) as unknown as NamedResource;

describe('the local secret files', () => {
  it('keep the signing secrets in a file of their own, carrying over what an older single file held', () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-secrets-'));
    const old = join(dir, 'secrets.json');
    // A data folder from before the split: the staff's Twilio token and a blank webhook secret in secrets.json.
    writeFileSync(
      old,
      JSON.stringify({ easypostTestKey: 'EZTK_x', twilioAuthToken: 'tw_saved', easypostWebhookSecret: '' }),
    );
    const signing = join(dir, 'signing-secrets.json');
    expect(
      ensureSecretsFile(
        signing,
        [secret('SecretsSigningSecret12345678', SIGNING_SECRET_KEYS)],
        resolver,
        LOCAL_SIGNING_SECRET_PLACEHOLDERS,
        carriedSecrets(old, SIGNING_SECRET_KEYS),
      ),
    ).toBe(true);
    expect(JSON.parse(readFileSync(signing, 'utf8'))).toEqual({
      twilioAuthToken: 'tw_saved',
      easypostWebhookSecret: LOCAL_SIGNING_SECRET_PLACEHOLDERS.easypostWebhookSecret,
    });
    // Written once: staff's later edits are kept on the next start.
    writeFileSync(signing, JSON.stringify({ twilioAuthToken: 'tw_new', easypostWebhookSecret: 'wh' }));
    expect(ensureSecretsFile(signing, [], resolver, LOCAL_SIGNING_SECRET_PLACEHOLDERS)).toBe(false);
    expect(JSON.parse(readFileSync(signing, 'utf8'))).toEqual({
      twilioAuthToken: 'tw_new',
      easypostWebhookSecret: 'wh',
    });
  });

  it('a fresh provider file holds no signing placeholder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-secrets-'));
    const file = join(dir, 'secrets.json');
    ensureSecretsFile(
      file,
      [secret('SecretsProviderSecret12345678', ['easypostTestKey', 'emailApiKey'])],
      resolver,
    );
    const value = JSON.parse(readFileSync(file, 'utf8'));
    expect(value.easypostTestKey).toBe(LOCAL_SECRET_PLACEHOLDERS.easypostTestKey);
    expect(value.easypostWebhookSecret).toBeUndefined();
    expect(carriedSecrets(join(dir, 'absent.json'), SIGNING_SECRET_KEYS)).toEqual({});
  });
});
