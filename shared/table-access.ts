/**
 * Capabilities on the one table, by key: which items (partition key values of shared/table-keys.ts) a function
 * may touch and with which DynamoDB actions. The stack turns each into one IAM statement whose
 * `dynamodb:LeadingKeys` condition (ForAllValues:StringLike) names exactly those partitions.
 */
import type { IndexName, IndexPartition, TablePartition } from './table-keys.js';

/**
 * IAM actions on items. A TransactWriteItems is authorised item by item (Put, Update, Delete and
 * ConditionCheck need PutItem, UpdateItem, DeleteItem and ConditionCheckItem on that item's key), as is a
 * TransactGetItems (GetItem); BatchGetItem and BatchWriteItem are their own actions over all their keys.
 * Scan names no key, so a LeadingKeys condition cannot bound it: no row grants it.
 */
export type ItemAction =
  | 'GetItem'
  | 'BatchGetItem'
  | 'Query'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'ConditionCheckItem'
  | 'BatchWriteItem';

/** `actions` on the table's items whose partition key is one of `partitions`. */
export interface TableItemsCapability {
  readonly table: readonly ItemAction[];
  readonly partitions: readonly TablePartition[];
}

/**
 * Query on one index, in these of its partitions. IAM checks a Query's key condition before running it, so on
 * an index `dynamodb:LeadingKeys` is the index's partition key value (`gsi1pk = CATALOGUE`), never the items'
 * table keys: the grant names the index's partitions, on that index's ARN only.
 */
export interface IndexQuery<I extends IndexName> {
  readonly index: I;
  readonly partitions: readonly IndexPartition<I>[];
}
export type IndexQueryCapability = { [I in IndexName]: IndexQuery<I> }[IndexName];

export type TableCapability = TableItemsCapability | IndexQueryCapability;

/** `items(['GetItem'], 'product')`: GetItem on PRODUCT#* items. */
export const items = (
  actions: readonly ItemAction[],
  ...partitions: readonly TablePartition[]
): TableItemsCapability => ({ table: actions, partitions });

/** `query('collection', 'catalogue')`: Query the collection index's CATALOGUE partition. */
export const query = <I extends IndexName>(
  index: I,
  ...partitions: readonly IndexPartition<I>[]
): IndexQuery<I> => ({ index, partitions });

export const isTableCapability = (capability: unknown): capability is TableCapability =>
  typeof capability === 'object' && capability !== null;
