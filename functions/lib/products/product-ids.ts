/**
 * Product numbers (spec 001 §7: the first is 100, then the highest plus one). A counter item hands out numbers
 * atomically, so concurrent creations never get the same one; each product's number is also claimed by an item
 * of its own (`productIdClaim`) in the product's write transaction, which refuses a number already in use
 * whoever wrote it (a CSV row naming its own Product ID, the seed).
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { FIRST_PRODUCT_ID } from '../../../shared/constants.js';
import { TABLE_INDEXES } from '../../../shared/runtime-env.js';
import { db, tableName } from '../db.js';
import { counters, type ProductItem, product, productIdClaim } from '../entities.js';

/** The highest productid in the catalogue (one item read from the catalogue index), or null when empty. */
export async function highestProductId(): Promise<number | null> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: TABLE_INDEXES.collection.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': TABLE_INDEXES.collection.pk },
      ExpressionAttributeValues: { ':pk': product.collectionPartition },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const top = Items?.[0] as ProductItem | undefined;
  return top ? top.productid : null;
}

/**
 * Hands out `count` consecutive new productids. The counter starts from the catalogue's highest number the
 * first time (a stage whose products predate the counter); `if_not_exists` makes two first callers agree.
 */
export async function allocateProductIds(count = 1): Promise<number[]> {
  const add = async (base?: number) => {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: counters.productIds(),
        UpdateExpression:
          base === undefined
            ? 'SET entity = :entity ADD last_productid :n'
            : 'SET entity = :entity, last_productid = if_not_exists(last_productid, :base) + :n',
        ConditionExpression: base === undefined ? 'attribute_exists(last_productid)' : undefined,
        ExpressionAttributeValues: {
          ':entity': 'stats',
          ':n': count,
          ...(base === undefined ? {} : { ':base': base }),
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.last_productid);
  };
  let last: number;
  try {
    last = await add();
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    last = await add((await highestProductId()) ?? FIRST_PRODUCT_ID - 1);
  }
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

/**
 * Raises the counter to at least `productId` (a product created with a number of its own), so later
 * allocations start above it. Conditional: a counter already higher is left alone.
 */
export async function raiseProductIdCounter(productId: number): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: counters.productIds(),
        UpdateExpression: 'SET entity = :entity, last_productid = :id',
        ConditionExpression: 'attribute_not_exists(last_productid) OR last_productid < :id',
        ExpressionAttributeValues: { ':entity': 'stats', ':id': productId },
      }),
    )
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}

/** The transaction item that claims a productid for one product; it fails when the number is taken. */
export const claimProductId = (productId: number, id: string) => ({
  Put: {
    TableName: tableName(),
    Item: { ...productIdClaim.key(productId), entity: 'productid', id },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** The transaction item that frees a productid when its product is deleted. */
export const releaseProductId = (productId: number) => ({
  Delete: { TableName: tableName(), Key: productIdClaim.key(productId) },
});
