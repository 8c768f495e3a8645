import { GetCommand, paginateQuery } from '@aws-sdk/lib-dynamodb';
import { TABLE_INDEXES } from '../../shared/runtime-env.js';
import type { Product } from '../../shared/schemas/product.js';
import { db, tableName } from '../lib/db.js';

/**
 * Product items. Stored names are lower case as the spec's stored form (productid, buybackprice...);
 * the API shape is camelCase. Keys: pk PRODUCT#<uuid>, sk PRODUCT; catalogue order on the collection
 * index: gsi1pk CATALOGUE, gsi1sk = productid zero-padded to 10 digits.
 */
export interface ProductItem {
  pk: string;
  sk: 'PRODUCT';
  gsi1pk: 'CATALOGUE';
  gsi1sk: string;
  entity: 'product';
  id: string;
  productid: number;
  name: string;
  brand: string;
  buybackprice: number;
  imageurl?: string | null;
  producttype: string;
  expirationmonths?: number | null;
  boxcount?: number | null;
  description?: string | null;
  instock?: boolean | null;
  created_at: string;
  updated_at: string;
}

export const productKey = (id: string) => ({ pk: `PRODUCT#${id}`, sk: 'PRODUCT' as const });
export const catalogueSortKey = (productId: number): string => String(productId).padStart(10, '0');

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
      ExpressionAttributeValues: { ':pk': 'CATALOGUE' },
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) products.push(toProduct(item as ProductItem));
  }
  return products;
}

export async function getProduct(id: string): Promise<Product | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: productKey(id) }));
  return Item ? toProduct(Item as ProductItem) : null;
}
