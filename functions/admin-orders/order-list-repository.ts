import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import { TABLE_INDEXES } from '../../shared/runtime-env.js';
import { db, tableName } from '../lib/db.js';
import { ORDER_LIST_ATTRIBUTES, type OrderListItem, order } from '../lib/entities.js';

/**
 * Orders from the orderList index (only the list's columns), oldest change first: all of them, or those whose
 * last change sorts after `since` (an ISO instant). One Query, paged by the SDK; never a Scan.
 */
export async function* readOrderListSince(since: string | null): AsyncGenerator<OrderListItem> {
  const index = TABLE_INDEXES.orderList;
  const pages = paginateQuery(
    { client: db, pageSize: 1000 },
    {
      TableName: tableName(),
      IndexName: index.name,
      KeyConditionExpression: since ? '#pk = :pk AND #sk > :since' : '#pk = :pk',
      ExpressionAttributeNames: {
        '#pk': index.pk,
        ...(since ? { '#sk': index.sk } : {}),
        ...Object.fromEntries(ORDER_LIST_ATTRIBUTES.map((name, i) => [`#a${i}`, name])),
      },
      ExpressionAttributeValues: { ':pk': order.listPartition, ...(since ? { ':since': since } : {}) },
      ProjectionExpression: ORDER_LIST_ATTRIBUTES.map((_, i) => `#a${i}`).join(', '),
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) yield item as OrderListItem;
  }
}
