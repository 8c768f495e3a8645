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
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  customer,
  order,
  product as productEntity,
  productIdClaim,
  settings as settingsEntity,
  ticket,
} from '../../functions/lib/entities.js';
import { TABLE_INDEXES } from '../../shared/runtime-env.js';
import {
  ADMIN_EMAIL,
  productImageKey,
  productImageUrl,
  productSvg,
  SEED_PRODUCTS,
  SEED_SETTINGS,
  SEED_SHIPPING_SETTINGS,
  type SeedProduct,
} from './seed-data.js';

/** Stored form of a product (spec 000 §3: lower-case names), as the products repository reads it. */
export function productItem(product: SeedProduct): Record<string, unknown> {
  return {
    ...productEntity.key(product.id),
    ...productEntity.indexes(product.productId),
    entity: 'product',
    id: product.id,
    productid: product.productId,
    name: product.name,
    brand: product.brand,
    buybackprice: product.buybackPrice,
    imageurl: productImageUrl(product.id),
    producttype: product.productType,
    expirationmonths: product.productType === 'Other' ? product.expirationMonths : null,
    boxcount: product.boxCount,
    description: product.description,
    instock: product.inStock,
    created_at: product.created_at,
    updated_at: product.updated_at,
  };
}

export function settingsItem(): Record<string, unknown> {
  return { ...settingsEntity.key(), entity: 'settings', ...SEED_SETTINGS, ...SEED_SHIPPING_SETTINGS };
}

/**
 * Data seeded before labels existed has no shipping settings: they are added where missing (a value staff
 * set is kept), so the label flow works on an existing `.local/` too.
 */
async function addMissingShippingSettings(documents: DynamoDBDocumentClient, tableName: string) {
  const entries = Object.entries(SEED_SHIPPING_SETTINGS);
  await documents
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: settingsEntity.key(),
        UpdateExpression: `SET ${entries.map((_, i) => `#k${i} = if_not_exists(#k${i}, :v${i})`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([key], i) => [`#k${i}`, key])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
      }),
    )
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}

async function isSeeded(documents: DynamoDBDocumentClient, tableName: string): Promise<boolean> {
  const settings = await documents.send(new GetCommand({ TableName: tableName, Key: settingsEntity.key() }));
  if (settings.Item) return true;
  try {
    const products = await documents.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: TABLE_INDEXES.collection.name,
        KeyConditionExpression: '#pk = :catalogue',
        ExpressionAttributeNames: { '#pk': TABLE_INDEXES.collection.pk },
        ExpressionAttributeValues: { ':catalogue': productEntity.collectionPartition },
        Limit: 1,
      }),
    );
    return (products.Items?.length ?? 0) > 0;
  } catch {
    // A table without the catalogue index holds no catalogue.
    return false;
  }
}

async function batchWrite(
  documents: DynamoDBDocumentClient,
  tableName: string,
  items: Record<string, unknown>[],
): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let requests: Record<string, unknown>[] | undefined = items
      .slice(i, i + 25)
      .map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests && requests.length > 0; attempt++) {
      if (attempt > 5) throw new Error('DynamoDB Local left seed items unprocessed');
      const out = await documents.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
      requests = out.UnprocessedItems?.[tableName] as Record<string, unknown>[] | undefined;
    }
  }
}

/**
 * Orders written before the orders list's index existed lack its keys: each gets them from its own
 * `updated_at`, once (conditional on still lacking them, so a concurrent write is never overwritten).
 */
export async function addMissingOrderListKeys(documents: DynamoDBDocumentClient, tableName: string) {
  let startKey: Record<string, unknown> | undefined;
  let added = 0;
  do {
    const page = await documents.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: TABLE_INDEXES.collection.name,
        KeyConditionExpression: '#pk = :orders',
        FilterExpression: 'attribute_not_exists(#listPk)',
        ExpressionAttributeNames: {
          '#pk': TABLE_INDEXES.collection.pk,
          '#listPk': TABLE_INDEXES.orderList.pk,
        },
        ExpressionAttributeValues: { ':orders': order.collectionPartition },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const keys = order.listIndex(String(item.updated_at ?? item.created_at), String(item.order_id));
      await documents
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: order.key(String(item.order_id)),
            UpdateExpression: 'SET #listPk = :listPk, #listSk = :listSk',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#listPk)',
            ExpressionAttributeNames: {
              '#listPk': TABLE_INDEXES.orderList.pk,
              '#listSk': TABLE_INDEXES.orderList.sk,
            },
            ExpressionAttributeValues: { ':listPk': keys.gsi4pk, ':listSk': keys.gsi4sk },
          }),
        )
        .then(() => added++)
        .catch((error: Error) => {
          if (error.name !== 'ConditionalCheckFailedException') throw error;
        });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return added;
}

/**
 * Customers and tickets written before the changes index existed lack its keys: each gets them from its own
 * `updated_at`, once (conditional on still lacking them).
 */
export async function addMissingChangeKeys(documents: DynamoDBDocumentClient, tableName: string) {
  const kinds = [
    {
      collection: customer.collectionPartition,
      keyOf: (i: Record<string, unknown>) => customer.key(String(i.email)),
      changeIndex: (i: Record<string, unknown>) =>
        customer.changeIndex(String(i.updated_at ?? i.created_at), String(i.email)),
    },
    {
      collection: ticket.collectionPartition,
      keyOf: (i: Record<string, unknown>) => ticket.key(String(i.ticket_number)),
      changeIndex: (i: Record<string, unknown>) =>
        ticket.changeIndex(String(i.updated_at ?? i.created_at), String(i.ticket_number)),
    },
  ];
  let added = 0;
  for (const kind of kinds) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await documents.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: TABLE_INDEXES.collection.name,
          KeyConditionExpression: '#pk = :kind',
          FilterExpression: 'attribute_not_exists(#changePk)',
          ExpressionAttributeNames: {
            '#pk': TABLE_INDEXES.collection.pk,
            '#changePk': TABLE_INDEXES.changes.pk,
          },
          ExpressionAttributeValues: { ':kind': kind.collection },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        const keys = kind.changeIndex(item);
        await documents
          .send(
            new UpdateCommand({
              TableName: tableName,
              Key: kind.keyOf(item),
              UpdateExpression: 'SET #changePk = :changePk, #changeSk = :changeSk',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#changePk)',
              ExpressionAttributeNames: {
                '#changePk': TABLE_INDEXES.changes.pk,
                '#changeSk': TABLE_INDEXES.changes.sk,
              },
              ExpressionAttributeValues: { ':changePk': keys.gsi5pk, ':changeSk': keys.gsi5sk },
            }),
          )
          .then(() => added++)
          .catch((error: Error) => {
            if (error.name !== 'ConditionalCheckFailedException') throw error;
          });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
  return added;
}

/** Writes the catalogue, its images and the settings unless the table already holds them. */
export async function seedCatalogue(options: {
  documents: DynamoDBDocumentClient;
  s3: S3Client;
  tableName: string;
  imagesBucket?: string;
  force?: boolean;
}): Promise<boolean> {
  if (!options.force && (await isSeeded(options.documents, options.tableName))) {
    await addMissingShippingSettings(options.documents, options.tableName);
    await addMissingOrderListKeys(options.documents, options.tableName);
    await addMissingChangeKeys(options.documents, options.tableName);
    return false;
  }
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
