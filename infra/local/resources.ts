/**
 * Creates in the emulators what the template declares: tables, queues, buckets, user pools with their
 * clients and groups, and the local stand-in for the secret. Idempotent: an existing resource is kept.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  type CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  type CreateUserPoolClientCommandInput,
  CreateUserPoolCommand,
  type CreateUserPoolCommandInput,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  type ExplicitAuthFlowsType,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  type DescribeTableCommandOutput,
  DescribeTimeToLiveCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  type StreamViewType,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { type CORSRule, CreateBucketCommand, PutBucketCorsCommand, type S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, type QueueAttributeName, type SQSClient } from '@aws-sdk/client-sqs';
import { parseObject } from './http.js';
import type { Json, Physical, Resolver } from './template/intrinsics.js';
import { isRecord, localizeUrls } from './template/intrinsics.js';
import type { GeneratedIds } from './template/names.js';
import type { NamedResource, StackModel } from './template/stack-model.js';

const asArray = (value: Json): Json[] => (Array.isArray(value) ? value : []);
const str = (value: Json): string | undefined => (typeof value === 'string' ? value : undefined);

/** CreateTable's input for a table of the template, whose properties have CreateTable's shapes. */
export function createTableInput(props: Record<string, Json>, TableName: string): CreateTableCommandInput {
  const { KeySchema, AttributeDefinitions, GlobalSecondaryIndexes } =
    props as Partial<CreateTableCommandInput>;
  const stream = isRecord(props.StreamSpecification) ? props.StreamSpecification.StreamViewType : undefined;
  return {
    TableName,
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema,
    AttributeDefinitions,
    ...(GlobalSecondaryIndexes?.length ? { GlobalSecondaryIndexes } : {}),
    ...(typeof stream === 'string'
      ? { StreamSpecification: { StreamEnabled: true, StreamViewType: stream as StreamViewType } }
      : {}),
  };
}

/** The template's tables; a table from an earlier run gains the stream and the indexes the stack added since. */
export async function ensureTables(
  client: DynamoDBClient,
  model: StackModel,
  resolver: Resolver,
  physical: Record<string, Physical>,
): Promise<CreateTableCommandInput[]> {
  const inputs: CreateTableCommandInput[] = [];
  for (const table of model.tables) {
    const props = resolver.resolve(table.properties, table.logicalId) as Record<string, Json>;
    const TableName = physical[table.logicalId].ref;
    const input = createTableInput(props, TableName);
    inputs.push(input);
    const { AttributeDefinitions, GlobalSecondaryIndexes: wanted = [], StreamSpecification } = input;
    let existing: DescribeTableCommandOutput | undefined;
    try {
      existing = await client.send(new DescribeTableCommand({ TableName }));
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    if (!existing) {
      await client.send(new CreateTableCommand(input));
    } else {
      if (StreamSpecification && !existing.Table?.StreamSpecification?.StreamEnabled) {
        await client.send(new UpdateTableCommand({ TableName, StreamSpecification }));
      }
      const have = new Set((existing.Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
      for (const index of wanted.filter((i) => !have.has(i.IndexName))) {
        await client.send(
          new UpdateTableCommand({
            TableName,
            AttributeDefinitions,
            GlobalSecondaryIndexUpdates: [{ Create: index }],
          }),
        );
      }
    }
    const ttl = isRecord(props.TimeToLiveSpecification) ? props.TimeToLiveSpecification : undefined;
    if (ttl && (ttl.Enabled === true || ttl.Enabled === 'true') && typeof ttl.AttributeName === 'string') {
      const current = await client.send(new DescribeTimeToLiveCommand({ TableName }));
      if (current.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
        await client.send(
          new UpdateTimeToLiveCommand({
            TableName,
            TimeToLiveSpecification: { AttributeName: ttl.AttributeName, Enabled: true },
          }),
        );
      }
    }
  }
  return inputs;
}

const QUEUE_ATTRIBUTES = [
  'DelaySeconds',
  'MaximumMessageSize',
  'MessageRetentionPeriod',
  'ReceiveMessageWaitTimeSeconds',
  'VisibilityTimeout',
] as const;

/** Dead-letter queues first, then the queues that redrive to them. */
export async function ensureQueues(
  client: SQSClient,
  model: StackModel,
  resolver: Resolver,
  physical: Record<string, Physical>,
): Promise<void> {
  const pending = model.queues.map((queue) => ({
    queue,
    props: resolver.resolve(queue.properties, queue.logicalId) as Record<string, Json>,
  }));
  const created = new Set<string>();
  const arnOf = (id: string) => physical[id].attrs.Arn;
  while (pending.length > 0) {
    const index = pending.findIndex(({ props }) => {
      const target = isRecord(props.RedrivePolicy) ? str(props.RedrivePolicy.deadLetterTargetArn) : undefined;
      return !target || created.has(target) || !model.queues.some((q) => arnOf(q.logicalId) === target);
    });
    const [{ queue, props }] = pending.splice(index === -1 ? 0 : index, 1);
    const Attributes: Partial<Record<QueueAttributeName, string>> = {};
    for (const name of QUEUE_ATTRIBUTES) {
      if (props[name] !== undefined) Attributes[name as QueueAttributeName] = String(props[name]);
    }
    if (isRecord(props.RedrivePolicy)) Attributes.RedrivePolicy = JSON.stringify(props.RedrivePolicy);
    await client.send(
      new CreateQueueCommand({ QueueName: physical[queue.logicalId].attrs.QueueName, Attributes }),
    );
    created.add(arnOf(queue.logicalId));
  }
}

export async function ensureBuckets(
  client: S3Client,
  model: StackModel,
  resolver: Resolver,
  physical: Record<string, Physical>,
): Promise<void> {
  for (const bucket of model.buckets) {
    const Bucket = physical[bucket.logicalId].ref;
    try {
      await client.send(new CreateBucketCommand({ Bucket }));
    } catch (error) {
      const name = (error as Error).name;
      if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw error;
    }
    const cors = bucket.properties.CorsConfiguration;
    if (!cors) continue;
    const resolved = resolver.resolve(cors, `${bucket.logicalId}.CorsConfiguration`) as Record<string, Json>;
    const strings = (value: Json) => asArray(value).map((v) => localizeUrls(String(v)));
    const CORSRules: CORSRule[] = asArray(resolved.CorsRules)
      .filter(isRecord)
      .map((rule) => ({
        AllowedMethods: strings(rule.AllowedMethods),
        AllowedOrigins: strings(rule.AllowedOrigins),
        ...(rule.AllowedHeaders ? { AllowedHeaders: strings(rule.AllowedHeaders) } : {}),
        ...(rule.ExposedHeaders ? { ExposeHeaders: strings(rule.ExposedHeaders) } : {}),
        ...(rule.MaxAge !== undefined ? { MaxAgeSeconds: Number(rule.MaxAge) } : {}),
        ...(rule.Id ? { ID: String(rule.Id) } : {}),
      }));
    if (CORSRules.length > 0)
      await client.send(new PutBucketCorsCommand({ Bucket, CORSConfiguration: { CORSRules } }));
  }
}

const POOL_PROPERTIES = [
  'Policies',
  'UsernameAttributes',
  'AliasAttributes',
  'AutoVerifiedAttributes',
  'Schema',
  'MfaConfiguration',
  'UsernameConfiguration',
  'AdminCreateUserConfig',
  'AccountRecoverySetting',
] as const;

const CLIENT_PROPERTIES = [
  'AccessTokenValidity',
  'IdTokenValidity',
  'RefreshTokenValidity',
  'TokenValidityUnits',
  'ReadAttributes',
  'WriteAttributes',
  'PreventUserExistenceErrors',
  'EnableTokenRevocation',
] as const;

const pick = (props: Record<string, Json>, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((key) => props[key] !== undefined).map((key) => [key, props[key]]));

/**
 * User pools, clients and groups in cognito-local. Their generated ids are kept in `idsFile`, so a restart
 * finds the same pool (and its users) again.
 */
export async function ensureUserPools(
  client: CognitoIdentityProviderClient,
  model: StackModel,
  resolver: Resolver,
  options: { idsFile: string; namePrefix: string },
): Promise<GeneratedIds> {
  const stored: GeneratedIds = existsSync(options.idsFile)
    ? JSON.parse(readFileSync(options.idsFile, 'utf8'))
    : { userPools: {}, userPoolClients: {} };
  const ids: GeneratedIds = { userPools: {}, userPoolClients: {} };

  for (const pool of model.userPools) {
    const known = stored.userPools?.[pool.logicalId];
    if (known && (await exists(() => client.send(new DescribeUserPoolCommand({ UserPoolId: known }))))) {
      ids.userPools[pool.logicalId] = known;
      continue;
    }
    const props = resolver.resolve(
      pick(pool.properties, POOL_PROPERTIES),
      pool.logicalId,
    ) as Partial<CreateUserPoolCommandInput>;
    const created = await client.send(
      new CreateUserPoolCommand({
        ...props,
        PoolName: str(pool.properties.UserPoolName) ?? `${options.namePrefix}-${pool.logicalId}`,
      }),
    );
    ids.userPools[pool.logicalId] = created.UserPool?.Id ?? '';
  }

  for (const appClient of model.userPoolClients) {
    const UserPoolId = ids.userPools[appClient.userPoolLogicalId];
    const known = stored.userPoolClients?.[appClient.logicalId];
    if (
      known &&
      stored.userPools?.[appClient.userPoolLogicalId] === UserPoolId &&
      (await exists(() => client.send(new DescribeUserPoolClientCommand({ UserPoolId, ClientId: known }))))
    ) {
      ids.userPoolClients[appClient.logicalId] = known;
      continue;
    }
    const props = resolver.resolve(
      pick(appClient.properties, CLIENT_PROPERTIES),
      appClient.logicalId,
    ) as Partial<CreateUserPoolClientCommandInput>;
    // cognito-local speaks USER_PASSWORD_AUTH only (no SRP): the local client always allows it.
    const flows = new Set(asArray(appClient.properties.ExplicitAuthFlows).map(String));
    flows.add('ALLOW_USER_PASSWORD_AUTH');
    flows.add('ALLOW_REFRESH_TOKEN_AUTH');
    const created = await client.send(
      new CreateUserPoolClientCommand({
        ...props,
        UserPoolId,
        ClientName: str(appClient.properties.ClientName) ?? appClient.logicalId,
        ExplicitAuthFlows: [...flows] as ExplicitAuthFlowsType[],
        GenerateSecret: false,
      }),
    );
    ids.userPoolClients[appClient.logicalId] = created.UserPoolClient?.ClientId ?? '';
  }

  for (const group of model.userPoolGroups) {
    try {
      await client.send(
        new CreateGroupCommand({
          UserPoolId: ids.userPools[group.userPoolLogicalId],
          GroupName: group.groupName,
          Description: str(group.properties.Description),
          Precedence:
            typeof group.properties.Precedence === 'number' ? group.properties.Precedence : undefined,
        }),
      );
    } catch (error) {
      if ((error as Error).name !== 'GroupExistsException') throw error;
    }
  }

  writeFileSync(options.idsFile, `${JSON.stringify(ids, null, 2)}\n`);
  return ids;
}

async function exists(probe: () => Promise<unknown>): Promise<boolean> {
  try {
    await probe();
    return true;
  } catch (error) {
    if (/NotFound/.test((error as Error).name)) return false;
    throw error;
  }
}

/**
 * Local values for keys the deployed secret leaves empty. None is real: the EasyPost test key is a
 * placeholder so that "test mode is configured" paths run; anything needing a real provider fails clearly.
 */
export const LOCAL_SECRET_PLACEHOLDERS: Record<string, string> = {
  easypostTestKey: 'EZTK_local_placeholder_not_a_real_key',
  // The local EasyPost test server accepts any carrier account id.
  easypostCarrierAccount: 'ca_local_usps',
};

/** The signing secret's local placeholders (signing-secrets.json). */
export const LOCAL_SIGNING_SECRET_PLACEHOLDERS: Record<string, string> = {
  // Signs the local EasyPost test server's tracker events; a real one is set in Secrets Manager per stage.
  easypostWebhookSecret: 'local-easypost-webhook-secret',
};

/**
 * The payout KMS key's local stand-in: 256 random bits, base64, in the git-ignored data folder (mode 0600),
 * written once and kept, so orders sealed in earlier runs still open. Returns whether it was written now.
 */
export function ensurePayoutKeyFile(file: string): boolean {
  if (existsSync(file)) return false;
  writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return true;
}

/**
 * The secret's local stand-in: a JSON file holding the secret's value (the template's keys plus local
 * placeholders), which the functions' secret store reads through LOCAL_SECRETS_FILE. Written once; a file from
 * an older checkout gets the keys it lacks (a secret added to the template since), and keys present (even blank,
 * edited by hand) are kept. Returns whether the file is new.
 */
export function ensureSecretsFile(
  file: string,
  secrets: readonly NamedResource[],
  resolver: Resolver,
  placeholders: Record<string, string> = LOCAL_SECRET_PLACEHOLDERS,
): boolean {
  const fresh = !existsSync(file);
  const value = (fresh ? undefined : parseObject(readFileSync(file, 'utf8'))) ?? {};
  const missing: Array<[string, () => string]> = [];
  for (const secret of secrets) {
    const props = resolver.resolve(secret.properties, secret.logicalId) as Record<string, Json>;
    const generate = isRecord(props.GenerateSecretString) ? props.GenerateSecretString : {};
    if (fresh) {
      const template = generate.SecretStringTemplate;
      Object.assign(
        value,
        typeof template === 'string' ? parseObject(template) : {},
        typeof props.SecretString === 'string' ? parseObject(props.SecretString) : {},
      );
    }
    const key = generate.GenerateStringKey;
    if (typeof key === 'string') missing.push([key, () => randomBytes(16).toString('hex')]);
  }
  missing.push(
    ...Object.entries(placeholders).map(([key, text]): [string, () => string] => [key, () => text]),
  );
  // A new file's blank values get their placeholder too.
  const lacking = missing.filter(([key]) => value[key] === undefined || (fresh && value[key] === ''));
  for (const [key, make] of lacking) value[key] = make();
  if (fresh || lacking.length > 0)
    writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  return fresh;
}
