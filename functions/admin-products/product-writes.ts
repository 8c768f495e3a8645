import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { adminProductMessages as m } from '../../shared/messages.js';
import type { Product } from '../../shared/schemas/product.js';
import type { ProductInput } from '../../shared/schemas/product-input.js';
import { db, tableName } from '../lib/db.js';
import { type ProductItem, product } from '../lib/entities.js';
import { AppError, notFound } from '../lib/errors.js';
import { errorDetails, log } from '../lib/log.js';
import { allocateProductIds, claimProductId, releaseProductId } from '../lib/products/product-ids.js';
import { toProduct, toProductItem } from '../lib/products/product-repository.js';
import { checkUploadedProductImage, deleteProductImage } from './product-images.js';

/** A fresh number is tried this often when the one handed out is already claimed (a CSV row took it). */
const CLAIM_ATTEMPTS = 5;

const cancellationCodes = (error: unknown): string[] | null => {
  const e = error as { name?: string; CancellationReasons?: Array<{ Code?: string }> };
  if (e?.name !== 'TransactionCanceledException') return null;
  return (e.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
};

async function readProductItem(id: string): Promise<ProductItem> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: product.key(id), ConsistentRead: true }),
  );
  if (!Item) throw notFound(m.notFound);
  return Item as ProductItem;
}

/** Best effort: a product no longer shows an image it dropped; an object left behind only costs storage. */
async function removeImageQuietly(imageUrl: string | null | undefined, productId: string): Promise<void> {
  await deleteProductImage(imageUrl).catch((error: unknown) =>
    log('error', 'product image object not deleted', { productId, imageUrl, ...errorDetails(error) }),
  );
}

/**
 * A new product with the next productid. The product and the claim on its number are one transaction: when the
 * number is already claimed (written by someone else with a number of its own), a fresh one is taken.
 */
export async function createProduct(input: ProductInput, now: () => Date): Promise<Product> {
  if (input.imageUrl) await checkUploadedProductImage(input.imageUrl);
  const id = randomUUID();
  for (let attempt = 1; ; attempt += 1) {
    const [productId] = await allocateProductIds(1);
    const at = now().toISOString();
    const item = toProductItem(input, id, productId, at, at);
    try {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
            },
            claimProductId(productId, id),
          ],
        }),
      );
      return toProduct(item);
    } catch (error) {
      const codes = cancellationCodes(error);
      const retry = codes && (codes[1] === 'ConditionalCheckFailed' || codes.includes('TransactionConflict'));
      if (!retry || attempt >= CLAIM_ATTEMPTS) {
        if (retry) log('error', 'no free productid after retries', { attempts: attempt, productId });
        throw retry ? new AppError('conflict', m.saveFailed) : error;
      }
    }
  }
}

/** Replaces a product's fields; its id, productid and created_at stay. A replaced image is removed after. */
export async function updateProduct(id: string, input: ProductInput, now: () => Date): Promise<Product> {
  const existing = await readProductItem(id);
  const imageChanged = (existing.imageurl ?? null) !== input.imageUrl;
  if (imageChanged && input.imageUrl) await checkUploadedProductImage(input.imageUrl);
  const item = toProductItem(input, id, existing.productid, existing.created_at, now().toISOString());
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: item,
        // Deleted meanwhile: not brought back. The productid is the one its claim holds.
        ConditionExpression: 'attribute_exists(pk) AND productid = :productid',
        ExpressionAttributeValues: { ':productid': existing.productid },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw notFound(m.notFound);
    throw error;
  }
  if (imageChanged && existing.imageurl) await removeImageQuietly(existing.imageurl, id);
  return toProduct(item);
}

/** Deletes the product and frees its productid in one transaction, then removes its image (failure logged). */
export async function deleteProduct(id: string): Promise<{ id: string }> {
  const existing = await readProductItem(id);
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: product.key(id),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          releaseProductId(existing.productid),
        ],
      }),
    );
  } catch (error) {
    if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') throw notFound(m.notFound);
    throw error;
  }
  await removeImageQuietly(existing.imageurl, id);
  return { id };
}
