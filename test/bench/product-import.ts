/**
 * The CSV import of 5,000 rows (issue 11's figure), through the local API as the products page sends it:
 * the file read with the page's own reader, then chunks of 500 one after another. Three passes: 5,000 new
 * products, the same products exported and imported back (nothing to write), and every price changed (5,000
 * updates). Each pass reports its time and the DynamoDB writes the import Lambda made (write requests and the
 * write capacity units DynamoDB reported consumed). The products are removed afterwards.
 */
import { randomUUID } from 'node:crypto';
import { PRODUCT_IMPORT_CHUNK_ROWS } from '../../shared/constants.js';
import { PRODUCT_CSV_COLUMNS, type ProductImportRow } from '../../shared/rules/product-csv.js';
import { parseProductCsv, productsToCsv } from '../../shared/rules/product-csv-file.js';
import type { ProductImportResult } from '../../shared/schemas/admin-product-import.js';
import type { Product } from '../../shared/schemas/product.js';
import { deleteItems, productItemKeys } from '../support/db.js';
import type { LocalStackInfo } from '../support/local-stack-process.js';
import { benchDb, staffToken } from './list-bench.js';
import { percentile, round } from './stats.js';

async function catalogue(site: string): Promise<Product[]> {
  const res = await fetch(`${site}/api/products`);
  if (!res.ok) throw new Error(`GET /api/products answered ${res.status}`);
  return ((await res.json()) as { products: Product[] }).products;
}

/** Sends the rows as the page does and sums what the API answered. */
async function importPass(site: string, token: string, rows: ProductImportRow[]) {
  const chunkMs: number[] = [];
  const sum = { created: 0, updated: 0, unchanged: 0, refused: 0, writeRequests: 0, writeCapacityUnits: 0 };
  const started = performance.now();
  for (let i = 0; i < rows.length; i += PRODUCT_IMPORT_CHUNK_ROWS) {
    const t = performance.now();
    const res = await fetch(`${site}/api/admin/products/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rows: rows.slice(i, i + PRODUCT_IMPORT_CHUNK_ROWS) }),
    });
    if (!res.ok) throw new Error(`import answered ${res.status}: ${await res.text()}`);
    const result = (await res.json()) as ProductImportResult;
    chunkMs.push(performance.now() - t);
    sum.created += result.created;
    sum.updated += result.updated;
    sum.unchanged += result.unchanged;
    sum.refused += result.refused.length;
    sum.writeRequests += result.writes.requests;
    sum.writeCapacityUnits += result.writes.capacityUnits;
  }
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...chunkMs].sort((a, b) => a - b);
  return {
    rows: rows.length,
    seconds: round(seconds),
    rowsPerSec: round(rows.length / seconds, 0),
    requests: chunkMs.length,
    chunkP50Ms: round(percentile(sorted, 50)),
    chunkMaxMs: round(sorted[sorted.length - 1]),
    ...sum,
    writeCapacityUnits: round(sum.writeCapacityUnits),
  };
}

/** The page's reader over a file's text: the rows it would send. */
function rowsOf(text: string, known: Product[]): ProductImportRow[] {
  const byNumber = new Map(known.map((p) => [p.productId, p]));
  const reader = parseProductCsv(text, (id) => byNumber.get(id) ?? null);
  if (reader.error || reader.refused.length > 0) throw new Error('bench CSV did not read cleanly');
  return reader.rows;
}

/** Throws unless a pass's sums are these (others zero: nothing refused, nothing counted twice). */
function expectPass(
  name: string,
  pass: Awaited<ReturnType<typeof importPass>>,
  expected: Partial<Record<'created' | 'updated' | 'unchanged' | 'writeRequests', number>>,
) {
  const sums = { created: 0, updated: 0, unchanged: 0, refused: 0, ...expected };
  const actual = Object.fromEntries(
    Object.keys(sums).map((key) => [key, pass[key as keyof typeof sums]] as const),
  );
  if (JSON.stringify(actual) !== JSON.stringify(sums))
    throw new Error(`bench import, ${name}: ${JSON.stringify(actual)}, expected ${JSON.stringify(sums)}`);
}

async function removeProducts(info: LocalStackInfo, products: Product[]) {
  const db = benchDb(info);
  try {
    await deleteItems(productItemKeys(products), db, info.tableName);
  } finally {
    db.destroy();
  }
}

export async function benchProductImport(info: LocalStackInfo, rowCount = 5_000) {
  const site = info.urls.site;
  const token = await staffToken(info);
  const brand = `Bench ${randomUUID().slice(0, 8)}`;
  const lines = [PRODUCT_CSV_COLUMNS.join(',')];
  for (let i = 0; i < rowCount; i++) {
    const type = ['Test Strips', 'CGM'][i % 2];
    lines.push(
      `,Bench strips ${i},"Sealed box ${i}, 50 count",${brand},${type},${1 + (i % 4)},${(i % 40) + 5.5}`,
    );
  }
  const created = await importPass(site, token, rowsOf(lines.join('\r\n'), []));
  const mine = (await catalogue(site)).filter((p) => p.brand === brand);
  try {
    // The figures are only worth reporting for an import that did what it should (the suite imports a small file).
    expectPass('new products', created, { created: rowCount });
    if (mine.length !== rowCount || new Set(mine.map((p) => p.productId)).size !== rowCount)
      throw new Error(`bench import: ${mine.length} products stored for ${rowCount} rows, or numbers shared`);
    const unchanged = await importPass(site, token, rowsOf(productsToCsv(mine), mine));
    expectPass('exported and imported back', unchanged, { unchanged: rowCount, writeRequests: 0 });
    const repriced = mine.map((p) => ({ ...p, buybackPrice: p.buybackPrice + 1 }));
    const updated = await importPass(site, token, rowsOf(productsToCsv(repriced), mine));
    expectPass('every price changed', updated, { updated: rowCount });
    return {
      rows: rowCount,
      chunkRows: PRODUCT_IMPORT_CHUNK_ROWS,
      'new products': created,
      'exported and imported back': unchanged,
      'every price changed': updated,
    };
  } finally {
    await removeProducts(info, mine);
  }
}
