import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { adminProductMessages as m } from '../../shared/messages';
import { ZProductInput } from '../../shared/schemas/product-input';
import { counters, product, productIdClaim } from '../lib/entities';

process.env.TABLE_NAME = 'test-table';
process.env.IMAGES_BUCKET = 'images-bucket';
const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
// Imported after the mocks so their module-scope clients are the mocked ones.
const { createProduct, deleteProduct } = require('./product-writes') as typeof import('./product-writes');
const { newProductImageKey, productImageKeyOf } =
  require('./product-images') as typeof import('./product-images');

const NOW = new Date('2026-03-04T10:00:00.000Z');
const clock = () => NOW;
const input = ZProductInput.parse({
  name: 'Guide Strips',
  brand: 'Accu-Chek',
  buybackPrice: 20,
  productType: 'Test Strips',
});

const conditionFailed = (name: string) => Object.assign(new Error('failed'), { name });
const cancelled = (...codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

beforeEach(() => {
  ddb.reset();
  s3.reset();
});

describe('createProduct', () => {
  it('gives the first product of an empty catalogue productid 100, claimed in the same transaction', async () => {
    // No counter yet: the conditional ADD fails, the catalogue index is empty, so the counter starts at 99 + 1.
    ddb
      .on(UpdateCommand)
      .rejectsOnce(conditionFailed('ConditionalCheckFailedException'))
      .resolves({ Attributes: { last_productid: 100 } });
    ddb.on(QueryCommand).resolves({ Items: [] });
    ddb.on(TransactWriteCommand).resolves({});

    const created = await createProduct(input, clock);

    expect(created.productId).toBe(100);
    const seeded = ddb.commandCalls(UpdateCommand)[1].args[0].input;
    expect(seeded.Key).toEqual(counters.productIds());
    expect(seeded.ExpressionAttributeValues).toMatchObject({ ':base': 99, ':n': 1 });
    const [put, claim] = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
    expect(put.Put?.Item).toMatchObject({ ...product.key(created.id), productid: 100, name: 'Guide Strips' });
    expect(put.Put?.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(claim.Put?.Item).toMatchObject({ ...productIdClaim.key(100), id: created.id });
    expect(claim.Put?.ConditionExpression).toBe('attribute_not_exists(pk)');
  });

  it('takes a fresh number when the one handed out is already claimed', async () => {
    ddb
      .on(UpdateCommand)
      .resolvesOnce({ Attributes: { last_productid: 120 } })
      .resolves({ Attributes: { last_productid: 121 } });
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'ConditionalCheckFailed')).resolves({});
    const created = await createProduct(input, clock);
    expect(created.productId).toBe(121);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('gives up after a few taken numbers with the spec message, never a 500', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { last_productid: 130 } });
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    await expect(createProduct(input, clock)).rejects.toMatchObject({ status: 409, message: m.saveFailed });
  });
});

describe('deleteProduct', () => {
  const stored = {
    ...product.key('00000000-0000-4000-8000-000000000001'),
    id: '00000000-0000-4000-8000-000000000001',
    productid: 105,
    imageurl: '/images/products/abc-1.png',
  };

  it('deletes the product and its claim together, then the image by the last path segment', async () => {
    ddb.on(GetCommand).resolves({ Item: stored });
    ddb.on(TransactWriteCommand).resolves({});
    s3.on(DeleteObjectCommand).resolves({});
    await expect(deleteProduct(stored.id)).resolves.toEqual({ id: stored.id });
    const [del, release] = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
    expect(del.Delete?.Key).toEqual(product.key(stored.id));
    expect(release.Delete?.Key).toEqual(productIdClaim.key(105));
    expect(s3.commandCalls(DeleteObjectCommand)[0].args[0].input).toEqual({
      Bucket: 'images-bucket',
      Key: 'images/products/abc-1.png',
    });
  });

  it('still succeeds when removing the image fails', async () => {
    ddb.on(GetCommand).resolves({ Item: stored });
    ddb.on(TransactWriteCommand).resolves({});
    s3.on(DeleteObjectCommand).rejects(new Error('storage down'));
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    await expect(deleteProduct(stored.id)).resolves.toEqual({ id: stored.id });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('product image object not deleted'));
    errors.mockRestore();
  });

  it("answers 'Product not found.' for a missing product", async () => {
    ddb.on(GetCommand).resolves({});
    await expect(deleteProduct(stored.id)).rejects.toMatchObject({ status: 404, message: m.notFound });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

describe('product image keys', () => {
  it('is a random name, a timestamp and the original extension when it fits the type', () => {
    expect(newProductImageKey('Box Photo.JPEG', 'image/jpeg', NOW)).toMatch(
      /^images\/products\/[0-9a-f]{16}-1772618400000\.jpeg$/,
    );
    expect(newProductImageKey('x.exe', 'image/png', NOW)).toMatch(/\.png$/);
    expect(newProductImageKey('noext', 'image/gif', NOW)).toMatch(/\.gif$/);
  });

  it('finds the stored key by the last path segment of the URL', () => {
    expect(productImageKeyOf('/images/products/a-1.png')).toBe('images/products/a-1.png');
    expect(productImageKeyOf('https://old.example/storage/products/a-1.png?x=1')).toBe(
      'images/products/a-1.png',
    );
    expect(productImageKeyOf(null)).toBeNull();
  });
});
