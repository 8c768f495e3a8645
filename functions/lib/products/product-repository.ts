import { GetCommand, paginateQuery } from '@aws-sdk/lib-dynamodb';
import { TABLE_INDEXES } from '../../../shared/runtime-env.js';
import type { Product } from '../../../shared/schemas/product.js';
import type { ProductInput } from '../../../shared/schemas/product-input.js';
import { db, tableName } from '../db.js';
import { type ProductItem, product } from '../entities.js';

/** The catalogue (product items are declared in lib/entities.ts). */
export function toProduct(item: ProductItem): Product {
  return {
    id: item.id,
    productId: item.productid,
    name: item.name,
    brand: item.brand,
    buybackPrice: item.buybackprice,
    imageUrl: item.imageurl ?? null,
    productType: item.producttype,
    expirationMonths: item.expirationmonths ?? null,
    boxCount: item.boxcount ?? null,
    description: item.description ?? '',
    // The spec: inStock defaults to true when missing.
    inStock: item.instock ?? true,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

/** The stored form of a product staff wrote (expiration months are kept for type Other only). */
export function toProductItem(
  input: ProductInput,
  id: string,
  productId: number,
  createdAt: string,
  updatedAt: string,
): ProductItem {
  return {
    ...product.key(id),
    ...product.indexes(productId),
    entity: 'product',
    id,
    productid: productId,
    name: input.name,
    brand: input.brand,
    buybackprice: input.buybackPrice,
    imageurl: input.imageUrl,
    producttype: input.productType,
    expirationmonths: input.productType === 'Other' ? input.expirationMonths : null,
    boxcount: input.boxCount,
    description: input.description,
    instock: input.inStock,
    created_at: createdAt,
    updated_at: updatedAt,
  };
}

/** The whole catalogue in productid order: a Query on the collection index, never a Scan. */
export async function listProducts(): Promise<Product[]> {
  const products: Product[] = [];
  const pages = paginateQuery(
    { client: db },
    {
      TableName: tableName(),
      IndexName: TABLE_INDEXES.collection.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': TABLE_INDEXES.collection.pk },
      ExpressionAttributeValues: { ':pk': product.collectionPartition },
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) products.push(toProduct(item as ProductItem));
  }
  return products;
}

export async function getProduct(id: string): Promise<Product | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: product.key(id) }));
  return Item ? toProduct(Item as ProductItem) : null;
}
