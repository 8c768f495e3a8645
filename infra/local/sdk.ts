/** AWS SDK clients of the runner itself, pointed at the emulators. */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PortMap } from './ports.js';

export const LOCAL_REGION_NAME = 'us-east-1';
/** s3rver accepts only this key pair; the other emulators accept any, so everything uses it. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface Endpoints {
  dynamodb: string;
  sqs: string;
  s3: string;
  cognito: string;
  ses: string;
}

export const endpointsFor = (ports: PortMap): Endpoints => ({
  dynamodb: `http://127.0.0.1:${ports.dynamodb}`,
  sqs: `http://127.0.0.1:${ports.sqs}`,
  s3: `http://127.0.0.1:${ports.s3}`,
  cognito: `http://127.0.0.1:${ports.cognito}`,
  ses: `http://127.0.0.1:${ports.ses}`,
});

/** What a handler needs in its environment to reach the emulators with default-configured SDK clients. */
export function lambdaEndpointEnv(endpoints: Endpoints): Record<string, string> {
  return {
    AWS_REGION: LOCAL_REGION_NAME,
    AWS_DEFAULT_REGION: LOCAL_REGION_NAME,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_SQS: endpoints.sqs,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    AWS_ENDPOINT_URL_SESV2: endpoints.ses,
    AWS_ENDPOINT_URL_SES: endpoints.ses,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
    // The SDK warns once per container that Node 20 is old; the deployed runtime is Node 22.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

export interface LocalClients {
  dynamodb: DynamoDBClient;
  documents: DynamoDBDocumentClient;
  /** DynamoDB Local's stream (the outbox relay's event source). */
  streams: DynamoDBStreamsClient;
  sqs: SQSClient;
  s3: S3Client;
  cognito: CognitoIdentityProviderClient;
  destroy(): void;
}

export function createClients(endpoints: Endpoints): LocalClients {
  const common = { region: LOCAL_REGION_NAME, credentials: LOCAL_CREDENTIALS };
  const dynamodb = new DynamoDBClient({ ...common, endpoint: endpoints.dynamodb });
  const documents = DynamoDBDocumentClient.from(dynamodb, {
    marshallOptions: { removeUndefinedValues: true },
  });
  const streams = new DynamoDBStreamsClient({ ...common, endpoint: endpoints.dynamodb });
  const sqs = new SQSClient({ ...common, endpoint: endpoints.sqs });
  const s3 = new S3Client({ ...common, endpoint: endpoints.s3, forcePathStyle: true });
  const cognito = new CognitoIdentityProviderClient({ ...common, endpoint: endpoints.cognito });
  return {
    dynamodb,
    documents,
    streams,
    sqs,
    s3,
    cognito,
    destroy() {
      for (const client of [dynamodb, streams, sqs, s3, cognito]) client.destroy();
    },
  };
}
