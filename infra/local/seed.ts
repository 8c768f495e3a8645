/** Seeds the catalogue, the settings and the admin user, once: what DynamoDB and cognito-local hold decides. */
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import {
  BatchWriteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  product as productEntity,
  productIdClaim,
  settings as settingsEntity,
} from '../../functions/lib/entities.js';
import { toProductItem } from '../../functions/lib/products/product-repository.js';
import { TABLE_INDEXES } from '../../shared/runtime-env.js';
import type { ProductInput } from '../../shared/schemas/product-input.js';
import {
  ADMIN_EMAIL,
  productImageKey,
  productImageUrl,
  SEED_PRODUCTS,
  SEED_SETTINGS,
  SEED_SHIPPING_SETTINGS,
  type SeedProduct,
} from './seed-data.js';
import { productSvg } from './seed-images.js';

/** A seeded product as staff would have stored it (functions/lib/products/product-repository.ts). */
export const productItem = (p: SeedProduct) =>
  toProductItem(
    // The seed's types are the catalogue's three (seed-data.ts parses them as stored products).
    { ...p, productType: p.productType as ProductInput['productType'], imageUrl: productImageUrl(p.id) },
    p.id,
    p.productId,
    p.created_at,
    p.updated_at,
  );

export function settingsItem(): Record<string, unknown> {
  return { ...settingsEntity.key(), entity: 'settings', ...SEED_SETTINGS, ...SEED_SHIPPING_SETTINGS };
}

async function isSeeded(documents: DynamoDBDocumentClient, tableName: string): Promise<boolean> {
  const settings = await documents.send(new GetCommand({ TableName: tableName, Key: settingsEntity.key() }));
  if (settings.Item) return true;
  try {
    const page = await documents.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: TABLE_INDEXES.collection.name,
        KeyConditionExpression: '#pk = :kind',
        ExpressionAttributeNames: { '#pk': TABLE_INDEXES.collection.pk },
        ExpressionAttributeValues: { ':kind': productEntity.collectionPartition },
        Limit: 1,
      }),
    );
    return (page.Items ?? []).length > 0;
  } catch {
    // A table without the catalogue index holds no catalogue.
    return false;
  }
}

async function batchWrite(
  documents: DynamoDBDocumentClient,
  tableName: string,
  items: object[],
): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let requests: object[] | undefined = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests && requests.length > 0; attempt++) {
      if (attempt > 5) throw new Error('DynamoDB Local left seed items unprocessed');
      const out = await documents.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
      requests = out.UnprocessedItems?.[tableName] as Record<string, unknown>[] | undefined;
    }
  }
}

/** Writes the catalogue, its images and the settings unless the table already holds them. */
export async function seedCatalogue(options: {
  documents: DynamoDBDocumentClient;
  s3: S3Client;
  tableName: string;
  imagesBucket?: string;
  force?: boolean;
}): Promise<boolean> {
  if (!options.force && (await isSeeded(options.documents, options.tableName))) return false;
  if (options.imagesBucket) {
    await Promise.all(
      SEED_PRODUCTS.map((product) =>
        options.s3.send(
          new PutObjectCommand({
            Bucket: options.imagesBucket,
            Key: productImageKey(product.id),
            Body: productSvg(product),
            ContentType: 'image/svg+xml',
            CacheControl: 'public, max-age=86400',
          }),
        ),
      ),
    );
  }
  // Each product's number is claimed as the admin's writes claim theirs (functions/products/product-ids.ts).
  const claims = SEED_PRODUCTS.map((p) => ({
    ...productIdClaim.key(p.productId),
    entity: 'productid',
    id: p.id,
  }));
  await batchWrite(options.documents, options.tableName, [
    ...SEED_PRODUCTS.map(productItem),
    ...claims,
    settingsItem(),
  ]);
  return true;
}

/** Meets Cognito's default policy (upper, lower, digit, symbol, 8+) with plenty of entropy. */
export function generatePassword(): string {
  const body = randomBytes(12).toString('base64url').replace(/[-_]/g, '');
  const symbols = '!#%+=?@';
  return `Sb-${body}${randomInt(10)}${symbols[randomInt(symbols.length)]}aZ`;
}

export interface AdminCredentials {
  email: string;
  password: string;
}

/**
 * The admin user exists, has the password kept in `file` (generated once) and is in the admin group. A user
 * whose password file was lost gets a new password.
 */
export async function ensureAdminUser(options: {
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
  groupName?: string;
  file: string;
}): Promise<AdminCredentials> {
  const saved: AdminCredentials | undefined = existsSync(options.file)
    ? JSON.parse(readFileSync(options.file, 'utf8'))
    : undefined;
  const credentials: AdminCredentials = saved ?? { email: ADMIN_EMAIL, password: generatePassword() };
  const { cognito, userPoolId: UserPoolId } = options;
  let exists = true;
  try {
    await cognito.send(new AdminGetUserCommand({ UserPoolId, Username: credentials.email }));
  } catch (error) {
    if ((error as Error).name !== 'UserNotFoundException') throw error;
    exists = false;
  }
  if (!exists) {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: credentials.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: credentials.email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  }
  if (!exists || !saved) {
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId,
        Username: credentials.email,
        Password: credentials.password,
        Permanent: true,
      }),
    );
    writeFileSync(options.file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  }
  if (options.groupName) {
    await cognito.send(
      new AdminAddUserToGroupCommand({
        UserPoolId,
        Username: credentials.email,
        GroupName: options.groupName,
      }),
    );
  }
  return credentials;
}
