/**
 * @local-stack exclusive: it reads the product number counter before and after.
 */
import { randomUUID } from 'node:crypto';
import {
  counters,
  type ProductItem,
  product as productEntity,
  productIdClaim,
} from '../../functions/lib/entities';
import { PRODUCT_IMPORT_CHUNK_ROWS } from '../../shared/constants';
import { adminProductMessages as m } from '../../shared/messages';
import type { ProductImportRow } from '../../shared/rules/product-csv';
import { parseProductCsv, productsToCsv } from '../../shared/rules/product-csv-file';
import { type ProductImportResult, ZProductImportResult } from '../../shared/schemas/admin-product-import';
import type { Product } from '../../shared/schemas/product';
import { createPlainUser, signIn } from '../support/cognito';
import { deleteItems, getItem, productItemKeys, putItem } from '../support/db';
import { api, stack } from '../support/stack';

jest.setTimeout(240_000);

type Answer = ProductImportResult & {
  error?: { code: string; message: string; fields?: Record<string, string> };
};

let token: string;
/** Every product this file creates carries this brand, so they can be told apart and removed afterwards. */
const BRAND = `CSV Test ${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  token = (await signIn(stack().admin.email, stack().admin.password)).idToken;
});

const importRows = (rows: unknown, bearer = token) =>
  api<Answer>('/api/admin/products/import', {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify({ rows }),
  });

const catalogue = async (): Promise<Product[]> => {
  const res = await api<{ products: Product[] }>('/api/products');
  expect(res.status).toBe(200);
  return res.body.products;
};
const ours = async () => (await catalogue()).filter((p) => p.brand === BRAND);

/** A CSV file's text read as the products page reads it, against the catalogue the page shows. */
const readFile = (text: string, products: Product[]) => {
  const byNumber = new Map(products.map((p) => [p.productId, p]));
  return parseProductCsv(text, (id) => byNumber.get(id) ?? null);
};

/** Sends rows as the page does: chunks of 500, one after the other; sums the answers. */
async function importAll(rows: ProductImportRow[]) {
  const total = {
    created: 0,
    updated: 0,
    unchanged: 0,
    refused: [] as ProductImportResult['refused'],
    requests: 0,
  };
  for (let i = 0; i < rows.length; i += PRODUCT_IMPORT_CHUNK_ROWS) {
    const res = await importRows(rows.slice(i, i + PRODUCT_IMPORT_CHUNK_ROWS));
    expect(res.status).toBe(200);
    expect(ZProductImportResult.safeParse(res.body).success).toBe(true);
    total.created += res.body.created;
    total.updated += res.body.updated;
    total.unchanged += res.body.unchanged;
    total.refused.push(...res.body.refused);
    total.requests += res.body.writes.requests;
  }
  return total;
}

const row = (overrides: Partial<ProductImportRow> = {}): ProductImportRow => ({
  line: 2,
  productId: null,
  name: `Strips ${randomUUID().slice(0, 8)}`,
  description: '',
  brand: BRAND,
  productType: 'Test Strips',
  boxCount: null,
  buybackPrice: 10,
  ...overrides,
});

const header = 'Product ID,Product,Description,Brand,Type,Boxcount,Price';

/** A productid above every one in use or handed out so far. */
async function freeNumber(): Promise<number> {
  const counter = await getItem(counters.productIds());
  const highest = Math.max(0, ...(await catalogue()).map((p) => p.productId));
  return Math.max(highest, Number(counter?.last_productid ?? 0)) + 1;
}
const orphanClaims: number[] = [];

/** A product stored as another writer left it (with its number's claim), a minute old. */
async function storeProduct(fields: Partial<ProductItem>) {
  const number = (await freeNumber()) + 20;
  const id = randomUUID();
  const at = new Date(Date.now() - 60_000).toISOString();
  await putItem({
    ...productEntity.key(id),
    ...productEntity.indexes(number),
    entity: 'product',
    id,
    productid: number,
    name: 'Stored product',
    brand: BRAND,
    buybackprice: 1,
    producttype: 'Test Strips',
    created_at: at,
    updated_at: at,
    ...fields,
  });
  await putItem({ ...productIdClaim.key(number), entity: 'productid', id });
  return { id, number };
}

afterAll(async () => {
  // The catalogue is shared with the other test files (the storefront lists it): leave it as it was.
  const leftovers = await ours();
  await deleteItems([...productItemKeys(leftovers), ...orphanClaims.map(productIdClaim.key)]);
});

describe('POST /api/admin/products/import', () => {
  it('refuses an anonymous caller and a signed-in user outside the admin group, writing nothing', async () => {
    const email = `csv-staff-${Date.now()}@stripbuyback.test`;
    await createPlainUser(email, 'Str0ng!Passw0rd');
    const plain = await signIn(email, 'Str0ng!Passw0rd');
    const name = `Refused ${randomUUID()}`;
    const anonymous = await api('/api/admin/products/import', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rows: [row({ name })] }),
    });
    expect(anonymous.status).toBe(401);
    const forbidden = await importRows([row({ name })], plain.idToken);
    expect(forbidden.status).toBe(403);
    expect((await catalogue()).some((p) => p.name === name)).toBe(false);
  });

  it('refuses a malformed request with a message and writes nothing', async () => {
    const empty = await importRows([]);
    expect(empty.status).toBe(400);
    expect(empty.body.error?.message).toBe(m.csvChunkSize);
    const tooMany = await importRows(Array.from({ length: PRODUCT_IMPORT_CHUNK_ROWS + 1 }, () => row()));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error?.message).toBe(m.csvChunkSize);
    const name = `Bad shape ${randomUUID()}`;
    const badNumber = await importRows([row({ name }), { ...row(), productId: 1.5 }]);
    expect(badNumber.status).toBe(400);
    expect(badNumber.body.error?.message).toBe(m.csvProductIdInvalid);
    const notJson = await api<Answer>('/api/admin/products/import', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"rows": [',
    });
    expect(notJson.status).toBe(400);
    expect((await catalogue()).some((p) => p.name === name)).toBe(false);
  });

  it('imports an exported catalogue back without writing anything', async () => {
    const before = await catalogue();
    // The seed has products out of stock: the CSV has no stock column, and they stay so.
    expect(before.some((p) => !p.inStock)).toBe(true);
    const file = readFile(productsToCsv(before), before);
    expect(file.error).toBeNull();
    expect(file.refused).toEqual([]);
    const result = await importAll(file.rows);
    expect(result).toEqual({ created: 0, updated: 0, unchanged: before.length, refused: [], requests: 0 });
    const after = await catalogue();
    expect(after.map((p) => [p.id, p.updated_at])).toEqual(before.map((p) => [p.id, p.updated_at]));
  });

  it('exports a formula cell escaped and imports it back identical', async () => {
    const name = `=HYPERLINK("http://evil.example","${randomUUID().slice(0, 8)}")`;
    const description = 'Sealed box\n@SUM(1+1)';
    const created = await importRows([row({ name, description })]);
    expect(created.body).toMatchObject({ created: 1, refused: [] });
    const stored = (await ours()).find((p) => p.name === name)!;
    expect(stored.description).toBe(description);

    const csv = productsToCsv([stored]);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example""`);
    expect(csv).toContain(`"'Sealed box\n@SUM(1+1)"`);
    const file = readFile(csv, [stored]);
    expect(file.rows).toEqual([expect.objectContaining({ productId: stored.productId, name, description })]);
    const again = await importRows(file.rows);
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 1, refused: [] });
    const after = (await ours()).find((p) => p.id === stored.id)!;
    expect(after).toEqual(stored);
  });

  it('reports broken rows by line and reason and writes only the good ones', async () => {
    const existing = await importRows([row({ name: 'To be updated', buybackPrice: 5 })]);
    expect(existing.body.created).toBe(1);
    const target = (await ours()).find((p) => p.name === 'To be updated')!;
    const good = `Good ${randomUUID().slice(0, 8)}`;
    const text = [
      header,
      `,${good},New one,${BRAND},cgm,2,12.50`,
      `${target.productId},To be updated,Now dearer,${BRAND},Test Strips,,6`,
      `,,No name,${BRAND},CGM,,1`,
      `,Negative ${good},,${BRAND},CGM,,-1`,
      `,Widget ${good},,${BRAND},Other,,3`,
      `${target.productId},Second copy,,${BRAND},CGM,,9`,
      `,Bad type ${good},,${BRAND},Lancets,,3`,
    ].join('\r\n');
    const file = readFile(text, await catalogue());
    const result = await importAll(file.rows);
    expect(result).toMatchObject({ created: 1, updated: 1, unchanged: 0, refused: [] });
    expect(file.refused).toEqual([
      { line: 4, reason: m.nameRequired },
      { line: 5, reason: m.pricePositive },
      { line: 6, reason: m.expirationRequired },
      { line: 7, reason: `Product ID ${target.productId} is already on line 3` },
      { line: 8, reason: m.csvTypeUnknown },
    ]);

    const after = await ours();
    const names = after.map((p) => p.name);
    expect(names).toContain(good);
    expect(names.filter((n) => n.includes(good))).toEqual([good]);
    expect(after.find((p) => p.name === good)).toMatchObject({
      productType: 'CGM',
      boxCount: 2,
      buybackPrice: 12.5,
      description: 'New one',
      inStock: true,
    });
    const updated = after.find((p) => p.id === target.id)!;
    expect(updated).toMatchObject({
      buybackPrice: 6,
      description: 'Now dearer',
      productId: target.productId,
    });
    expect(updated.updated_at > target.updated_at).toBe(true);
    expect(updated.created_at).toBe(target.created_at);
  });

  it('checks every row on the server too: the same reasons when a client skips the browser checks', async () => {
    const before = (await ours()).length;
    const own = (await freeNumber()) + 1;
    const res = await importRows([
      row({ line: 2, name: '   ' }),
      row({ line: 3, buybackPrice: -2, boxCount: 1.5 }),
      row({ line: 4, productType: 'Other' }),
      row({ line: 5, productType: 'lancets' }),
      row({ line: 6, productId: own }),
      row({ line: 7, productId: own }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.refused).toEqual([
      { line: 2, reason: m.nameRequired },
      { line: 3, reason: `${m.boxCountWhole}; ${m.pricePositive}` },
      { line: 4, reason: m.expirationRequired },
      { line: 5, reason: m.csvTypeUnknown },
      { line: 7, reason: `Product ID ${own} is already on line 6` },
    ]);
    expect(res.body).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
    expect((await ours()).length).toBe(before + 1);
  });

  it('creates a row with a Product ID of its own under that number, claims it, and numbers later products above it', async () => {
    const own = (await freeNumber()) + 10;
    const res = await importRows([row({ line: 2, productId: own, name: 'Own number' }), row({ line: 3 })]);
    expect(res.body).toMatchObject({ created: 2, refused: [] });
    const mine = await ours();
    const withOwn = mine.find((p) => p.productId === own)!;
    expect(withOwn.name).toBe('Own number');
    expect(await getItem(productIdClaim.key(own))).toMatchObject({ id: withOwn.id });
    const counter = await getItem(counters.productIds());
    expect(Number(counter?.last_productid)).toBeGreaterThan(own);
    expect(mine.some((p) => p.productId > own)).toBe(true);
  });

  it('refuses a row whose Product ID is claimed by no product it can read', async () => {
    // Far above what this file's creates will reach, so no allocation runs into it.
    const number = (await freeNumber()) + 100_000;
    await putItem({ ...productIdClaim.key(number), entity: 'productid', id: randomUUID() });
    orphanClaims.push(number);
    const name = `Taken ${randomUUID()}`;
    const res = await importRows([row({ productId: number, name })]);
    expect(res.body.refused).toEqual([{ line: 2, reason: `Product ID ${number} is already in use` }]);
    expect((await catalogue()).some((p) => p.name === name)).toBe(false);
  });

  it('keeps a stored Other product valid through its expiration months, which the CSV does not carry', async () => {
    const { id, number } = await storeProduct({
      name: 'Sharps container',
      buybackprice: 4,
      producttype: 'Other',
      expirationmonths: 9,
    });
    const res = await importRows([
      row({ productId: number, name: 'Sharps container', productType: 'other', buybackPrice: 4.5 }),
    ]);
    expect(res.body).toMatchObject({ updated: 1, refused: [] });
    expect(await getItem(productEntity.key(id))).toMatchObject({
      buybackprice: 4.5,
      producttype: 'Other',
      expirationmonths: 9,
    });
  });

  it('keeps a product out of stock through an import that changes it; new rows are in stock', async () => {
    const { id, number } = await storeProduct({
      name: 'Sold out strips',
      buybackprice: 8,
      producttype: 'Test Strips',
      instock: false,
    });
    const same = await importRows([row({ productId: number, name: 'Sold out strips', buybackPrice: 8 })]);
    expect(same.body).toMatchObject({ unchanged: 1, updated: 0, writes: { requests: 0 } });
    const dearer = await importRows([row({ productId: number, name: 'Sold out strips', buybackPrice: 9 })]);
    expect(dearer.body).toMatchObject({ updated: 1, refused: [] });
    expect(await getItem(productEntity.key(id))).toMatchObject({ buybackprice: 9, instock: false });
    const fresh = await importRows([row({ name: 'Fresh strips' })]);
    expect(fresh.body.created).toBe(1);
    expect((await ours()).find((p) => p.name === 'Fresh strips')?.inStock).toBe(true);
  });

  // The 5,000-row import (issue 11's figure, its time and writes) is the bench's: `npm run bench`,
  // test/bench/product-import.ts. Here a small file, for what it creates and that the same file again writes nothing.
  it('imports a file of new rows, then the same file again without a write', async () => {
    const tag = randomUUID().slice(0, 8);
    const count = 25;
    const lines = [header];
    for (let i = 0; i < count; i++) {
      lines.push(
        `,Bulk ${tag} ${i},"Row ${i}, imported",${BRAND},${['Test Strips', 'CGM'][i % 2]},${i % 7},${(i % 50) + 0.5}`,
      );
    }
    const file = readFile(lines.join('\r\n'), []);
    expect(file.rows).toHaveLength(count);
    const first = await importAll(file.rows);
    expect(first).toMatchObject({ created: count, updated: 0, unchanged: 0, refused: [] });

    const bulk = (await ours()).filter((p) => p.name.startsWith(`Bulk ${tag} `));
    expect(bulk).toHaveLength(count);
    expect(new Set(bulk.map((p) => p.productId)).size).toBe(count);
    const again = await importAll(readFile(productsToCsv(bulk), bulk).rows);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: count, refused: [], requests: 0 });
  });
});
