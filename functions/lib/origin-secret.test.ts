import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { clearOriginSecretCache, isOriginValue, ORIGIN_CACHE_MS } from './origin-secret.js';

const sm = mockClient(SecretsManagerClient);
const holds = (value: object) =>
  sm.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify(value) });

beforeEach(() => {
  sm.reset();
  clearOriginSecretCache();
  process.env.ORIGIN_SECRET_ID = 'arn:origin';
  delete process.env.LOCAL_SECRETS_FILE;
});

describe('the origin secret, read at run time', () => {
  it('accepts the current value and, during a rotation, the next or the previous one', async () => {
    holds({ originVerify: 'current', originVerifyNext: 'next' });
    expect(await isOriginValue('current', 0)).toBe(true);
    expect(await isOriginValue('next', 0)).toBe(true);
    expect(await isOriginValue('other', 0)).toBe(false);
    clearOriginSecretCache();
    holds({ originVerify: 'next', originVerifyPrevious: 'current' });
    expect(await isOriginValue('current', 0)).toBe(true);
    expect(await isOriginValue(undefined, 0)).toBe(false);
  });

  it('reads the secret once per cache period, and looks again early (at most every 30 s) on a miss', async () => {
    holds({ originVerify: 'a' });
    await isOriginValue('a', 0);
    await isOriginValue('a', 10_000);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    holds({ originVerify: 'a', originVerifyNext: 'b' });
    expect(await isOriginValue('b', 10_000)).toBe(false);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(await isOriginValue('b', 31_000)).toBe(true);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
    await isOriginValue('a', 31_000 + ORIGIN_CACHE_MS);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(3);
  });

  it('trusts nothing when the secret holds no value', async () => {
    holds({});
    expect(await isOriginValue('', 0)).toBe(false);
    expect(await isOriginValue('anything', 0)).toBe(false);
  });
});
