import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { adminProductMessages as m } from '../../shared/messages';
import type { ProductImportRow } from '../../shared/rules/product-csv';
import { counters, type ProductItem, product, productIdClaim } from '../lib/entities';

process.env.TABLE_NAME = 'test-table';
const ddb = mockClient(DynamoDBDocumentClient);
// Imported after the mock so its module-scope client is the mocked one.
const { importProducts } = require('./product-import') as typeof import('./product-import');

const NOW = new Date('2026-03-04T10:00:00.000Z');
const clock = () => NOW;

const stored = (productId: number, overrides: Partial<ProductItem> = {}): ProductItem => ({
  ...product.key(`id-${productId}`),
  ...product.indexes(productId),
  entity: 'product',
  id: `id-${productId}`,
  productid: productId,
  name: `Strips ${productId}`,
  brand: 'OneTouch',
  buybackprice: 10,
  imageurl: '/images/products/x.png',
  producttype: 'Test Strips',
  expirationmonths: null,
  boxcount: null,
  description: '',
  instock: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  ...overrides,
});

const row = (line: number, overrides: Partial<ProductImportRow> = {}): ProductImportRow => ({
  line,
  productId: null,
  name: `New ${line}`,
  description: '',
  brand: 'OneTouch',
  productType: 'Test Strips',
  boxCount: null,
  buybackPrice: 10,
  ...overrides,
});

/** The catalogue the mocked table holds, found through each number's claim as the import reads it. */
function withCatalogue(products: ProductItem[], orphanClaims: number[] = []) {
  ddb
    .on(BatchGetCommand)
    .callsFake(async (input: { RequestItems: Record<string, { Keys: Array<{ pk: string }> }> }) => {
      const keys = input.RequestItems['test-table'].Keys;
      const items = keys.flatMap((key): object[] => {
        const claimOf = products.find((p) => productIdClaim.key(p.productid).pk === key.pk);
        if (claimOf) return [{ ...productIdClaim.key(claimOf.productid), id: claimOf.id }];
        const orphan = orphanClaims.find((n) => productIdClaim.key(n).pk === key.pk);
        if (orphan !== undefined) return [{ ...productIdClaim.key(orphan), id: 'gone' }];
        return products.filter((p) => p.pk === key.pk);
      });
      return { Responses: { 'test-table': items } };
    });
}

const cancelled = (codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

/** The counter: hands out numbers from `last` on. */
function withCounter(start: number) {
  let last = start;
  ddb
    .on(UpdateCommand, { Key: counters.productIds() })
    .callsFake(async (input: { ExpressionAttributeValues: Record<string, number> }) => {
      const n = input.ExpressionAttributeValues[':n'];
      if (n !== undefined) last += n;
      else last = Math.max(last, input.ExpressionAttributeValues[':id']);
      return { Attributes: { last_productid: last } };
    });
}

beforeEach(() => {
  ddb.reset();
  ddb.on(QueryCommand).resolves({ Items: [] });
});

describe('importProducts', () => {
  it('writes nothing for a row equal to the stored product, and updates a changed one on the updated_at it read', async () => {
    withCatalogue([stored(100), stored(101)]);
    ddb.on(UpdateCommand).resolves({ ConsumedCapacity: { TableName: 'test-table', CapacityUnits: 1 } });
    const result = await importProducts(
      [
        row(2, { productId: 100, name: 'Strips 100' }),
        row(3, { productId: 101, name: 'Strips 101', buybackPrice: 12.5 }),
      ],
      clock,
    );
    expect(result).toEqual({
      created: 0,
      updated: 1,
      unchanged: 1,
      refused: [],
      writes: { requests: 1, capacityUnits: 1 },
    });
    const update = ddb.commandCalls(UpdateCommand)[0].args[0].input;
    expect(update.Key).toEqual(product.key('id-101'));
    expect(update.ConditionExpression).toBe('attribute_exists(pk) AND #seen = :seen');
    expect(update.ExpressionAttributeValues).toMatchObject({ ':seen': '2026-01-02T00:00:00.000Z' });
    // The image is not the CSV's: it is never written by the import.
    expect(Object.values(update.ExpressionAttributeNames ?? {})).not.toContain('imageurl');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses an update another admin got to first, and says why', async () => {
    withCatalogue([stored(100)]);
    ddb.on(UpdateCommand).rejects(
      Object.assign(new Error('The conditional request failed'), {
        name: 'ConditionalCheckFailedException',
      }),
    );
    const result = await importProducts([row(7, { productId: 100, buybackPrice: 11 })], clock);
    expect(result).toMatchObject({ updated: 0, refused: [{ line: 7, reason: m.csvChangedMeanwhile }] });
  });

  it('refuses a number claimed by a product it cannot read, and a number taken while it was writing', async () => {
    withCatalogue([], [300]);
    withCounter(120);
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled(['None', 'None', 'None', 'ConditionalCheckFailed']))
      .resolves({});
    const result = await importProducts(
      [row(2, { productId: 300 }), row(3, { productId: 200 }), row(4, { productId: 201 })],
      clock,
    );
    expect(result.refused).toEqual([
      { line: 2, reason: 'Product ID 300 is already in use' },
      { line: 4, reason: 'Product ID 201 is already in use' },
    ]);
    expect(result.created).toBe(1);
    const [first, second] = ddb
      .commandCalls(TransactWriteCommand)
      .map((c) => c.args[0].input.TransactItems ?? []);
    expect(first).toHaveLength(4);
    // The second attempt writes the remaining product with its claim, in one transaction.
    expect(second.map((i) => i.Put?.Item?.pk)).toEqual([expect.stringMatching(/^PRODUCT#/), 'PRODUCTID#200']);
    expect(second[0].Put?.Item).toMatchObject({
      productid: 200,
      instock: true,
      created_at: NOW.toISOString(),
    });
  });

  it('gives a new product another number when the counter handed out one already claimed', async () => {
    withCatalogue([]);
    withCounter(149);
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled(['None', 'ConditionalCheckFailed']))
      .resolves({});
    const result = await importProducts([row(2)], clock);
    expect(result).toMatchObject({ created: 1, refused: [] });
    const numbers = ddb
      .commandCalls(TransactWriteCommand)
      .map((c) => c.args[0].input.TransactItems?.[1].Put?.Item?.pk);
    expect(numbers).toEqual(['PRODUCTID#150', 'PRODUCTID#151']);
  });

  it('raises the counter above the file’s own numbers before numbering rows without one', async () => {
    withCatalogue([]);
    withCounter(100);
    ddb.on(TransactWriteCommand).resolves({});
    await importProducts([row(2), row(3, { productId: 500 })], clock);
    const claimed = ddb
      .commandCalls(TransactWriteCommand)
      .flatMap((c) => c.args[0].input.TransactItems ?? [])
      .map((i) => i.Put?.Item?.pk)
      .filter((pk) => pk?.startsWith('PRODUCTID#'));
    expect(claimed.sort()).toEqual(['PRODUCTID#500', 'PRODUCTID#501']);
  });

  it('refuses the rows of a transaction that fails for another reason, without failing the request', async () => {
    withCatalogue([]);
    withCounter(100);
    ddb.on(TransactWriteCommand).rejects(
      Object.assign(new Error('Item size has exceeded the maximum allowed size'), {
        name: 'ValidationException',
      }),
    );
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const result = await importProducts([row(2), row(3)], clock);
    spy.mockRestore();
    expect(result).toMatchObject({
      created: 0,
      refused: [
        { line: 2, reason: m.saveFailed },
        { line: 3, reason: m.saveFailed },
      ],
    });
  });
});
