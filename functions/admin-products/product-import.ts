/**
 * CSV import (spec 001 §5): each row is matched to a product by its Product ID (update) or created, after the
 * product form's rules (ZProductInput, through the shared `checkProductRow`). A refused row writes nothing
 * and is reported with its line and reason; a row equal to the stored product writes nothing either, so an
 * exported file imported back changes nothing.
 *
 * Writes: creates go in TransactWriteItems of up to 100 items (each product with the claim of its number, as
 * every product create does); updates are one conditional UpdateItem each (a few in flight), on the
 * `updated_at` read, so a product another admin changed or deleted meanwhile is neither overwritten nor
 * brought back without its number's claim.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { adminProductMessages as m } from '../../shared/messages.js';
import { checkProductRow, type ProductImportRow, type RefusedRow } from '../../shared/rules/product-csv.js';
import type { ProductImportResult } from '../../shared/schemas/admin-product-import.js';
import type { ProductInput } from '../../shared/schemas/product-input.js';
import type { Clock } from '../lib/clock.js';
import { batchGetItems, db, tableName } from '../lib/db.js';
import { type ProductItem, product, productIdClaim } from '../lib/entities.js';
import { errorDetails, log } from '../lib/log.js';
import { allocateProductIds, claimProductId, raiseProductIdCounter } from '../lib/products/product-ids.js';
import { toProduct, toProductItem } from '../lib/products/product-repository.js';

/** Products per transaction: each is two items (the product and its number's claim), 100 at most. */
const CREATES_PER_TRANSACTION = 50;
const TRANSACTIONS_IN_FLIGHT = 4;
const UPDATES_IN_FLIGHT = 8;
const WRITE_ATTEMPTS = 5;
/** Rounds of fresh numbers for creates whose allocated number turned out to be claimed already. */
const NUMBER_ROUNDS = 3;

interface Tally {
  requests: number;
  capacityUnits: number;
}

type Capacity = { CapacityUnits?: number } | undefined;
const count = (tally: Tally, consumed: Capacity | Capacity[]) => {
  tally.requests += 1;
  for (const c of Array.isArray(consumed) ? consumed : [consumed])
    tally.capacityUnits += c?.CapacityUnits ?? 0;
};

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt + randomInt(40)));

/** Runs `work` over `items` with at most `limit` in flight. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/** What an import compares and writes: the fields a CSV row carries, plus what follows from them. */
const sameProduct = (stored: ProductItem, next: ProductItem) => {
  const a = toProduct(stored);
  const b = toProduct(next);
  return (
    a.name === b.name &&
    a.brand === b.brand &&
    a.buybackPrice === b.buybackPrice &&
    a.productType === b.productType &&
    a.expirationMonths === b.expirationMonths &&
    a.boxCount === b.boxCount &&
    a.description === b.description &&
    a.inStock === b.inStock
  );
};

interface Create {
  line: number;
  input: ProductInput;
  /** The file's own number, or one allocated here. */
  productId: number | null;
  fromFile: boolean;
}

interface Update {
  line: number;
  stored: ProductItem;
  next: ProductItem;
}

/** The stored products the rows name, by productid, found through their numbers' claims. */
async function storedByProductId(ids: number[]) {
  const claims = await batchGetItems<{ pk: string; id: string }>(ids.map(productIdClaim.key));
  const claimed = new Map(claims.map((c) => [c.pk, c.id]));
  const products = await batchGetItems<ProductItem>([...new Set(claimed.values())].map(product.key));
  const byId = new Map(products.map((p) => [p.id, p]));
  return (productId: number) => {
    const id = claimed.get(productIdClaim.key(productId).pk);
    return id === undefined ? { claimed: false as const } : { claimed: true as const, stored: byId.get(id) };
  };
}

/**
 * Writes one transaction's creates. A claim that fails means its number is taken: those creates come back
 * as 'taken' and the others are written again without them; a transaction another one collided with is
 * tried again; anything else fails the group (logged), never the request.
 */
async function writeCreates(group: Create[], now: string, tally: Tally) {
  const taken: Create[] = [];
  const failed: Create[] = [];
  let pending = group.map((create) => ({ create, id: randomUUID() }));
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > WRITE_ATTEMPTS) {
      failed.push(...pending.map((p) => p.create));
      break;
    }
    try {
      const out = await db.send(
        new TransactWriteCommand({
          TransactItems: pending.flatMap(({ create, id }) => [
            {
              Put: {
                TableName: tableName(),
                Item: toProductItem(create.input, id, create.productId as number, now, now),
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            claimProductId(create.productId as number, id),
          ]),
          ReturnConsumedCapacity: 'TOTAL',
        }),
      );
      count(tally, out.ConsumedCapacity);
      return { taken, failed };
    } catch (error) {
      tally.requests += 1;
      const name = (error as Error).name;
      const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
      const refusedAt = new Set(
        reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [Math.floor(i / 2)] : [])),
      );
      if (name === 'TransactionCanceledException' && refusedAt.size > 0) {
        taken.push(...pending.filter((_, i) => refusedAt.has(i)).map((p) => p.create));
        pending = pending.filter((_, i) => !refusedAt.has(i));
        continue;
      }
      const collided =
        name === 'TransactionConflictException' ||
        (name === 'TransactionCanceledException' && reasons.some((r) => r.Code === 'TransactionConflict'));
      if (!collided) {
        log('error', 'product import transaction failed', { rows: pending.length, ...errorDetails(error) });
        failed.push(...pending.map((p) => p.create));
        break;
      }
      await pause(attempt);
    }
  }
  return { taken, failed };
}

async function writeUpdate(update: Update, now: string, tally: Tally): Promise<string | null> {
  const { stored, next } = update;
  const fields = {
    name: next.name,
    brand: next.brand,
    buybackprice: next.buybackprice,
    producttype: next.producttype,
    expirationmonths: next.expirationmonths,
    boxcount: next.boxcount,
    description: next.description,
    instock: next.instock,
    updated_at: now,
  };
  const names = Object.keys(fields);
  try {
    const out = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: product.key(stored.id),
        UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND #seen = :seen',
        ExpressionAttributeNames: {
          ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
          '#seen': 'updated_at',
        },
        ExpressionAttributeValues: {
          ...Object.fromEntries(Object.values(fields).map((v, i) => [`:f${i}`, v])),
          ':seen': stored.updated_at,
        },
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    count(tally, out.ConsumedCapacity);
    return null;
  } catch (error) {
    tally.requests += 1;
    if ((error as Error).name === 'ConditionalCheckFailedException') return m.csvChangedMeanwhile;
    log('error', 'product import update failed', { productId: stored.productid, ...errorDetails(error) });
    return m.saveFailed;
  }
}

export async function importProducts(
  rows: readonly ProductImportRow[],
  clock: Clock,
): Promise<ProductImportResult> {
  const now = clock().toISOString();
  const tally: Tally = { requests: 0, capacityUnits: 0 };
  const refused: RefusedRow[] = [];
  const refuse = (line: number, reason: string) => refused.push({ line, reason });
  const taken = (productId: number) => m.csvProductIdTaken.replace('{productId}', String(productId));

  // A Product ID the request repeats: the later row is refused (the browser does the same across requests).
  const firstLine = new Map<number, number>();
  const unique = rows.filter((row) => {
    if (row.productId === null) return true;
    const first = firstLine.get(row.productId);
    if (first === undefined) {
      firstLine.set(row.productId, row.line);
      return true;
    }
    refuse(
      row.line,
      m.csvDuplicateProductId.replace('{productId}', String(row.productId)).replace('{line}', String(first)),
    );
    return false;
  });

  const lookup = await storedByProductId([...firstLine.keys()]);
  const creates: Create[] = [];
  const updates: Update[] = [];
  let unchanged = 0;
  for (const row of unique) {
    const found = row.productId === null ? { claimed: false as const } : lookup(row.productId);
    const stored = found.claimed ? found.stored : undefined;
    if (found.claimed && stored?.productid !== row.productId) {
      // A number claimed by no product we can read (a create or delete under way): not ours to take.
      refuse(row.line, taken(row.productId as number));
      continue;
    }
    const check = checkProductRow(row, stored ? toProduct(stored) : null);
    if (!check.ok) {
      refuse(row.line, check.reason);
      continue;
    }
    if (!stored) {
      creates.push({
        line: row.line,
        input: check.input,
        productId: row.productId,
        fromFile: row.productId !== null,
      });
      continue;
    }
    const next = toProductItem(check.input, stored.id, stored.productid, stored.created_at, now);
    if (sameProduct(stored, next)) unchanged += 1;
    else updates.push({ line: row.line, stored, next });
  }

  // The file's own numbers first raise the counter, so numbers handed out below land above them.
  const ownNumbers = creates.filter((c) => c.fromFile).map((c) => c.productId as number);
  if (ownNumbers.length > 0) {
    await raiseProductIdCounter(Math.max(...ownNumbers));
    tally.requests += 1;
  }
  let created = 0;
  let pending = creates;
  for (let round = 1; pending.length > 0; round++) {
    const unnumbered = pending.filter((c) => c.productId === null);
    if (round > NUMBER_ROUNDS) {
      for (const c of pending) refuse(c.line, m.saveFailed);
      break;
    }
    if (unnumbered.length > 0) {
      const numbers = await allocateProductIds(unnumbered.length);
      tally.requests += 1;
      unnumbered.forEach((c, i) => {
        c.productId = numbers[i];
      });
    }
    const retry: Create[] = [];
    await inParallel(chunks(pending, CREATES_PER_TRANSACTION), TRANSACTIONS_IN_FLIGHT, async (group) => {
      const outcome = await writeCreates(group, now, tally);
      created += group.length - outcome.taken.length - outcome.failed.length;
      for (const c of outcome.failed) refuse(c.line, m.saveFailed);
      for (const c of outcome.taken) {
        if (c.fromFile) refuse(c.line, taken(c.productId as number));
        else {
          // An allocated number someone claimed outside the counter: take another one.
          c.productId = null;
          retry.push(c);
        }
      }
    });
    pending = retry;
  }

  let updated = 0;
  await inParallel(updates, UPDATES_IN_FLIGHT, async (update) => {
    const problem = await writeUpdate(update, now, tally);
    if (problem) refuse(update.line, problem);
    else updated += 1;
  });

  refused.sort((a, b) => a.line - b.line);
  const result = { created, updated, unchanged, refused, writes: tally };
  log('info', 'products imported', {
    rows: rows.length,
    created,
    updated,
    unchanged,
    refused: refused.length,
    writeRequests: tally.requests,
    writeCapacityUnits: tally.capacityUnits,
  });
  return result;
}
