/** The rotation's two ends in AWS: the origin secret in Secrets Manager and the distribution's origin header. */
import {
  CloudFrontClient,
  GetDistributionCommand,
  GetDistributionConfigCommand,
  UpdateDistributionCommand,
} from '@aws-sdk/client-cloudfront';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { ORIGIN_VERIFY_HEADER } from '../../shared/runtime-env.js';
import { ZOriginSecret } from '../../shared/schemas/origin-secret.js';
import { type EdgeHeader, type OriginSecretStore, RotationError } from './origin-rotation.js';

export function secretsManagerStore(
  secretId: string,
  client = new SecretsManagerClient({}),
): OriginSecretStore {
  return {
    async read() {
      const out = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
      const parsed = ZOriginSecret.safeParse(JSON.parse(out.SecretString ?? '{}'));
      if (!parsed.success) throw new RotationError(`${secretId} does not hold the origin secret's JSON.`);
      return parsed.data;
    },
    async write(value) {
      await client.send(
        new PutSecretValueCommand({ SecretId: secretId, SecretString: JSON.stringify(value) }),
      );
    },
  };
}

const DEPLOY_POLL_MS = 20_000;
const DEPLOY_TIMEOUT_MS = 45 * 60_000;

/** The ORIGIN_VERIFY_HEADER of the distribution's origin that carries it (the API's). */
export function cloudFrontEdge(
  distributionId: string,
  sleep: (ms: number) => Promise<void>,
  client = new CloudFrontClient({}),
): EdgeHeader {
  const load = async () => {
    const out = await client.send(new GetDistributionConfigCommand({ Id: distributionId }));
    const config = out.DistributionConfig;
    const header = config?.Origins?.Items?.flatMap((o) => o.CustomHeaders?.Items ?? []).find(
      (h) => h.HeaderName?.toLowerCase() === ORIGIN_VERIFY_HEADER,
    );
    if (!config || !header) {
      throw new RotationError(`Distribution ${distributionId} has no ${ORIGIN_VERIFY_HEADER} origin header.`);
    }
    return { config, header, etag: out.ETag };
  };
  return {
    async read() {
      return (await load()).header.HeaderValue;
    },
    async write(value) {
      const { config, header, etag } = await load();
      header.HeaderValue = value;
      // IfMatch: a change someone else made since the read is not overwritten (PreconditionFailed).
      await client.send(
        new UpdateDistributionCommand({ Id: distributionId, IfMatch: etag, DistributionConfig: config }),
      );
    },
    async waitDeployed() {
      const deadline = Date.now() + DEPLOY_TIMEOUT_MS;
      for (;;) {
        const out = await client.send(new GetDistributionCommand({ Id: distributionId }));
        if (out.Distribution?.Status === 'Deployed') return;
        if (Date.now() > deadline)
          throw new RotationError('The distribution did not deploy in 45 minutes: run the command again.');
        await sleep(DEPLOY_POLL_MS);
      }
    },
  };
}
