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
  TransactWriteCommand,
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
  SEED_PRODUCTS,
  SEED_SETTINGS,
  SEED_SHIPPING_SETTINGS,
  type SeedProduct,
} from './seed-data.js';
import { productSvg } from './seed-images.js';

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
    for await (const _ of collectionItems(
      documents,
      tableName,
      productEntity.collectionPartition,
      () => true,
      1,
    ))
      return true;
    return false;
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

type Stored = Record<string, unknown>;
type IndexName = keyof typeof TABLE_INDEXES;

/**
 * Items written before an index existed lack its keys: each gets them from its own `updated_at`, once
 * (conditional on still lacking them, so a concurrent write is never overwritten). Orders get the orderList
 * keys; customers and tickets the changes keys.
 */
const BACKFILLS: Array<{
  collection: string;
  index: IndexName;
  keyOf: (item: Stored) => { pk: string; sk: string };
  keysOf: (item: Stored, updatedAt: string) => Record<string, string>;
}> = [
  {
    collection: order.collectionPartition,
    index: 'orderList',
    keyOf: (i) => order.key(String(i.order_id)),
    keysOf: (i, at) => order.listIndex(at, String(i.order_id)),
  },
  {
    collection: customer.collectionPartition,
    index: 'changes',
    keyOf: (i) => customer.key(String(i.email)),
    keysOf: (i, at) => customer.changeIndex(at, String(i.email)),
  },
  {
    collection: ticket.collectionPartition,
    index: 'changes',
    keyOf: (i) => ticket.key(String(i.ticket_number)),
    keysOf: (i, at) => ticket.changeIndex(at, String(i.ticket_number)),
  },
];

export async function addMissingIndexKeys(documents: DynamoDBDocumentClient, tableName: string) {
  let added = 0;
  for (const kind of BACKFILLS) {
    const index = TABLE_INDEXES[kind.index];
    for await (const item of collectionItems(documents, tableName, kind.collection, (i) => !i[index.pk])) {
      const keys = kind.keysOf(item, String(item.updated_at ?? item.created_at));
      await documents
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: kind.keyOf(item),
            UpdateExpression: 'SET #indexPk = :indexPk, #indexSk = :indexSk',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#indexPk)',
            ExpressionAttributeNames: { '#indexPk': index.pk, '#indexSk': index.sk },
            ExpressionAttributeValues: { ':indexPk': keys[index.pk], ':indexSk': keys[index.sk] },
          }),
        )
        .then(() => added++)
        .catch((error: Error) => {
          if (error.name !== 'ConditionalCheckFailedException') throw error;
        });
    }
  }
  return added;
}

/** Every item of one collection partition, page by page, keeping those `keep` accepts. */
async function* collectionItems(
  documents: DynamoDBDocumentClient,
  tableName: string,
  partition: string,
  keep: (item: Stored) => boolean,
  limit?: number,
): AsyncGenerator<Stored> {
  let startKey: Stored | undefined;
  do {
    const page = await documents.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: TABLE_INDEXES.collection.name,
        KeyConditionExpression: '#pk = :kind',
        ExpressionAttributeNames: { '#pk': TABLE_INDEXES.collection.pk },
        ExpressionAttributeValues: { ':kind': partition },
        ExclusiveStartKey: startKey,
        Limit: limit,
      }),
    );
    for (const item of page.Items ?? []) if (keep(item)) yield item;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/**
 * Customers were once keyed by their e-mail; now by an opaque id (`customer.idOf`). A local table from before
 * moves each such record to its new key (unless the customer already has one there: then the old record stays
 * and is reported) and points the customer's orders at it.
 */
export async function moveEmailKeyedCustomers(documents: DynamoDBDocumentClient, tableName: string) {
  const byEmail = (pk: unknown) => typeof pk === 'string' && pk.includes('@');
  let moved = 0;
  for await (const old of collectionItems(documents, tableName, customer.collectionPartition, (i) =>
    byEmail(i.pk),
  )) {
    const email = String(old.email);
    const at = String(old.updated_at ?? old.created_at);
    const item = {
      ...old,
      ...customer.key(email),
      id: customer.idOf(email),
      ...customer.indexes(String(old.last_order_date), email),
      ...customer.changeIndex(at, email),
    };
    try {
      await documents.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
            { Delete: { TableName: tableName, Key: { pk: old.pk, sk: old.sk } } },
          ],
        }),
      );
      moved++;
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      console.warn(`customer ${email}: a record under the new key exists; the old one is left as it was`);
    }
  }
  for await (const o of collectionItems(documents, tableName, order.collectionPartition, (i) =>
    byEmail(i[TABLE_INDEXES.byCustomer.pk]),
  )) {
    const email = String((o.customer as { email?: string } | undefined)?.email ?? '');
    await documents.send(
      new UpdateCommand({
        TableName: tableName,
        Key: order.key(String(o.order_id)),
        UpdateExpression: 'SET #byCustomer = :pk',
        ExpressionAttributeNames: { '#byCustomer': TABLE_INDEXES.byCustomer.pk },
        ExpressionAttributeValues: { ':pk': customer.key(email).pk },
      }),
    );
  }
  return moved;
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
    await moveEmailKeyedCustomers(options.documents, options.tableName);
    await addMissingIndexKeys(options.documents, options.tableName);
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
