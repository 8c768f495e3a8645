import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
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
  it('keep the signing secrets in a file of their own, with placeholders, written once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-secrets-'));
    const signing = join(dir, 'signing-secrets.json');
    expect(
      ensureSecretsFile(
        signing,
        [secret('SecretsSigningSecret12345678', SIGNING_SECRET_KEYS)],
        resolver,
        LOCAL_SIGNING_SECRET_PLACEHOLDERS,
      ),
    ).toBe(true);
    expect(JSON.parse(readFileSync(signing, 'utf8'))).toEqual({
      twilioAuthToken: '',
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
  });

  it('a file from an older checkout gains the keys it lacks, a generated one included, and keeps its blanks', () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-secrets-'));
    const file = join(dir, 'secrets.json');
    writeFileSync(file, JSON.stringify({ easypostTestKey: '' }));
    const origin = {
      logicalId: 'SecretsOriginSecret12345678',
      properties: { GenerateSecretString: { SecretStringTemplate: '{}', GenerateStringKey: 'originSecret' } },
    } as unknown as NamedResource;
    expect(ensureSecretsFile(file, [origin], resolver)).toBe(false);
    const value = JSON.parse(readFileSync(file, 'utf8'));
    expect(value.easypostTestKey).toBe('');
    expect(value.easypostCarrierAccount).toBe(LOCAL_SECRET_PLACEHOLDERS.easypostCarrierAccount);
    expect(value.originSecret).toMatch(/^[0-9a-f]{32}$/);
    // Kept on the next start.
    ensureSecretsFile(file, [origin], resolver);
    expect(JSON.parse(readFileSync(file, 'utf8')).originSecret).toBe(value.originSecret);
  });
});
