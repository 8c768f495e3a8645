/**
 * @local-stack exclusive: it reads the product number counter before and after.
 */
import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { counters, product as productEntity, productIdClaim } from '../../functions/lib/entities';
import { PRODUCT_IMAGE_MAX_BYTES } from '../../shared/constants';
import { adminProductMessages as m } from '../../shared/messages';
import { TABLE_INDEXES } from '../../shared/runtime-env';
import { ZProductImageUploadResponse } from '../../shared/schemas/admin-products';
import { type Product, ZProduct, ZProductList } from '../../shared/schemas/product';
import type { ProductInput } from '../../shared/schemas/product-input';
import { createPlainUser, signIn } from '../support/cognito';
import { getItem, testDb } from '../support/db';
import { solidPng } from '../support/image-fixtures';
import { api, stack } from '../support/stack';

jest.setTimeout(120_000);

type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string> } };

let token: string;
let s3: S3Client;
let bucket: string;
beforeAll(async () => {
  token = (await signIn(stack().admin.email, stack().admin.password)).idToken;
  const env = stack().env as Record<string, string>;
  s3 = new S3Client({
    region: env.AWS_REGION,
    endpoint: env.AWS_ENDPOINT_URL_S3,
    forcePathStyle: true,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  bucket = String(stack().imagesBucket);
});
afterAll(() => s3.destroy());

const call = <T>(method: string, path: string, body?: unknown, bearer: string | null = token) =>
  api<T & ErrorBody>(path, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const input = (over: Partial<Record<keyof ProductInput, unknown>> = {}): Record<string, unknown> => ({
  name: `Test Strips ${randomUUID().slice(0, 8)}`,
  brand: 'OneTouch',
  buybackPrice: 12.5,
  productType: 'Test Strips',
  expirationMonths: null,
  boxCount: 50,
  description: 'Sealed box',
  imageUrl: null,
  inStock: true,
  ...over,
});

const create = async (over: Partial<Record<keyof ProductInput, unknown>> = {}) => {
  const res = await call<Product>('POST', '/api/admin/products', input(over));
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/** Every product item and claim, straight from the table: what a refused write must leave untouched. */
async function catalogueSnapshot() {
  const { Items } = await testDb().send(
    new QueryCommand({
      TableName: stack().tableName,
      IndexName: TABLE_INDEXES.collection.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': TABLE_INDEXES.collection.pk },
      ExpressionAttributeValues: { ':pk': productEntity.collectionPartition },
    }),
  );
  return { products: Items ?? [], counter: await getItem(counters.productIds()) };
}

const objectExists = async (key: string) => {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return false;
    throw error;
  }
};

/** The browser's side of an upload: ask for a presigned POST, then send the form fields and the file. */
async function uploadImage(file: Buffer, filename = 'box.png', contentType = 'image/png') {
  const res = await call<unknown>('POST', '/api/admin/products/images/uploads', {
    filename,
    contentType,
    size: file.length,
  });
  expect(res.status).toBe(200);
  const upload = ZProductImageUploadResponse.parse(res.body);
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)], { type: contentType }), filename);
  const stored = await fetch(upload.url, { method: 'POST', body: form });
  return { ...upload, status: stored.status };
}

describe('who may call the product routes', () => {
  it('refuses anonymous and non-admin callers on every route, writing nothing', async () => {
    const email = `clerk-products-${Date.now()}@stripbuyback.test`;
    await createPlainUser(email, 'Str0ng!Passw0rd');
    const plain = (await signIn(email, 'Str0ng!Passw0rd')).idToken;
    const existing = await create();
    const before = await catalogueSnapshot();
    const calls: Array<[string, string, unknown]> = [
      ['GET', '/api/admin/products', undefined],
      ['POST', '/api/admin/products', input()],
      ['PUT', `/api/admin/products/${existing.id}`, input({ name: 'Hijacked' })],
      ['DELETE', `/api/admin/products/${existing.id}`, undefined],
      [
        'POST',
        '/api/admin/products/images/uploads',
        { filename: 'a.png', contentType: 'image/png', size: 10 },
      ],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, path, body, null)).status).toBe(401);
      const refused = await call(method, path, body, plain);
      expect(refused.status).toBe(403);
    }
    expect(await catalogueSnapshot()).toEqual(before);
  });
});

describe('bad input', () => {
  const cases: Array<[string, Partial<Record<keyof ProductInput, unknown>>, string, string]> = [
    ['missing name', { name: undefined }, 'name', m.nameRequired],
    ['blank name', { name: '   ' }, 'name', m.nameRequired],
    ['long name', { name: 'x'.repeat(201) }, 'name', m.nameTooLong],
    ['missing brand', { brand: undefined }, 'brand', m.brandRequired],
    ['blank brand', { brand: ' ' }, 'brand', m.brandRequired],
    ['missing price', { buybackPrice: undefined }, 'buybackPrice', m.priceRequired],
    ['price as text', { buybackPrice: '12' }, 'buybackPrice', m.priceRequired],
    ['negative price', { buybackPrice: -1 }, 'buybackPrice', m.pricePositive],
    ['fractions of a cent', { buybackPrice: 1.005 }, 'buybackPrice', m.priceCents],
    ['missing type', { productType: undefined }, 'productType', m.typeRequired],
    ['unknown type', { productType: 'Insulin' }, 'productType', m.typeRequired],
    ['Other without expiration', { productType: 'Other' }, 'expirationMonths', m.expirationRequired],
    ['expiration 2', { productType: 'Other', expirationMonths: 2 }, 'expirationMonths', m.expirationRange],
    ['expiration 13', { productType: 'Other', expirationMonths: 13 }, 'expirationMonths', m.expirationRange],
    ['negative box count', { boxCount: -1 }, 'boxCount', m.boxCountPositive],
    ['fractional box count', { boxCount: 1.5 }, 'boxCount', m.boxCountWhole],
    ['long description', { description: 'x'.repeat(2001) }, 'description', m.descriptionTooLong],
    ['outside image', { imageUrl: 'https://evil.example/x.png' }, 'imageUrl', m.imageUrlInvalid],
    ['image path escape', { imageUrl: '/images/products/../orders/x.png' }, 'imageUrl', m.imageUrlInvalid],
  ];

  it.each(cases)(
    'create refuses %s with the spec message and writes nothing',
    async (_, over, field, msg) => {
      const before = await catalogueSnapshot();
      const res = await call('POST', '/api/admin/products', input(over));
      expect(res.status).toBe(400);
      expect(res.body.error?.fields?.[field]).toBe(msg);
      expect(await catalogueSnapshot()).toEqual(before);
    },
  );

  it('update refuses each bad field and leaves the product as it was', async () => {
    const existing = await create();
    const before = await getItem(productEntity.key(existing.id));
    for (const [, over, field, msg] of cases) {
      const res = await call('PUT', `/api/admin/products/${existing.id}`, input(over));
      expect(res.status).toBe(400);
      expect(res.body.error?.fields?.[field]).toBe(msg);
    }
    expect(await getItem(productEntity.key(existing.id))).toEqual(before);
  });

  it('refuses a body that is not JSON without a 500', async () => {
    const res = await api<ErrorBody>('/api/admin/products', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
  });
});

describe('create, update, delete', () => {
  it('creates with the next productid and its claim; the storefront shows it at once', async () => {
    const before = (await call<{ products: Product[] }>('GET', '/api/admin/products')).body.products;
    const highest = Math.max(...before.map((p) => p.productId));
    const created = await create({ productType: 'Other', expirationMonths: 6, boxCount: null });
    expect(ZProduct.safeParse(created).success).toBe(true);
    expect(created.productId).toBeGreaterThan(highest);
    expect(created).toMatchObject({
      productType: 'Other',
      expirationMonths: 6,
      boxCount: null,
      inStock: true,
    });
    expect(await getItem(productIdClaim.key(created.productId))).toMatchObject({ id: created.id });

    const pub = await api<{ products: Product[] }>('/api/products');
    expect(pub.body.products.find((p) => p.id === created.id)).toEqual(created);
    const one = await api<Product>(`/api/products/${created.id}`);
    expect(one.body).toEqual(created);
  });

  it('lists every product for staff in productid order, out-of-stock ones included', async () => {
    const hidden = await create({ inStock: false });
    const res = await call<{ products: Product[] }>('GET', '/api/admin/products');
    expect(res.status).toBe(200);
    expect(ZProductList.safeParse(res.body).success).toBe(true);
    const ids = res.body.products.map((p) => p.productId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(res.body.products.find((p) => p.id === hidden.id)?.inStock).toBe(false);
  });

  it('keeps only the expiration of Other products', async () => {
    const created = await create({ productType: 'CGM', expirationMonths: 6 });
    expect(created.expirationMonths).toBeNull();
  });

  it('updates the fields, never the productid or created_at; the storefront shows the new price', async () => {
    const created = await create();
    const res = await call<Product>('PUT', `/api/admin/products/${created.id}`, {
      ...input({ name: 'Renamed', buybackPrice: 33.25, inStock: false }),
      productId: 1,
      id: randomUUID(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      productId: created.productId,
      name: 'Renamed',
      buybackPrice: 33.25,
      inStock: false,
      created_at: created.created_at,
    });
    const pub = await api<Product>(`/api/products/${created.id}`);
    expect(pub.body.buybackPrice).toBe(33.25);
  });

  it('answers 404 Product not found. for an update or delete of a missing product, creating nothing', async () => {
    const before = await catalogueSnapshot();
    const id = randomUUID();
    const put = await call('PUT', `/api/admin/products/${id}`, input());
    expect(put.status).toBe(404);
    expect(put.body.error?.message).toBe(m.notFound);
    const del = await call('DELETE', `/api/admin/products/${id}`);
    expect(del.status).toBe(404);
    expect(del.body.error?.message).toBe(m.notFound);
    expect(await catalogueSnapshot()).toEqual(before);
  });

  it('deletes the product, frees its productid and removes its image', async () => {
    const upload = await uploadImage(solidPng(8));
    expect(upload.status).toBe(204);
    const created = await create({ imageUrl: upload.imageUrl });
    const key = upload.imageUrl.slice(1);
    expect(await objectExists(key)).toBe(true);
    const res = await call<{ id: string }>('DELETE', `/api/admin/products/${created.id}`);
    expect(res.status).toBe(200);
    expect(await getItem(productEntity.key(created.id))).toBeUndefined();
    expect(await getItem(productIdClaim.key(created.productId))).toBeUndefined();
    expect(await objectExists(key)).toBe(false);
    const pub = await api<ErrorBody>(`/api/products/${created.id}`);
    expect(pub.status).toBe(404);
  });

  it('deletes the product when its image is already gone', async () => {
    const upload = await uploadImage(solidPng(8));
    const created = await create({ imageUrl: upload.imageUrl });
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: upload.imageUrl.slice(1) }));
    const res = await call('DELETE', `/api/admin/products/${created.id}`);
    expect(res.status).toBe(200);
    expect(await getItem(productEntity.key(created.id))).toBeUndefined();
  });
});

describe('productid allocation', () => {
  it('gives 20 concurrent creations 20 distinct consecutive numbers, each claimed', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => create()));
    const ids = results.map((p) => p.productId).sort((a, b) => a - b);
    expect(new Set(ids).size).toBe(20);
    expect(ids[19] - ids[0]).toBe(19);
    for (const p of results)
      expect(await getItem(productIdClaim.key(p.productId))).toMatchObject({ id: p.id });
  });

  it('skips a number someone else already claimed', async () => {
    const counter = Number((await getItem(counters.productIds()))?.last_productid);
    // A claim just above the counter, as a CSV row naming its own Product ID leaves one.
    await testDb().send(
      new PutCommand({
        TableName: stack().tableName,
        Item: { ...productIdClaim.key(counter + 1), entity: 'productid', id: randomUUID() },
      }),
    );
    const created = await create();
    expect(created.productId).toBeGreaterThan(counter + 1);
  });
});

describe('product image upload', () => {
  it('hands out a presigned POST under images/products/ with a random name, timestamp and the extension', async () => {
    const res = await call<unknown>('POST', '/api/admin/products/images/uploads', {
      filename: 'My Photo.JPG',
      contentType: 'image/jpeg',
      size: 1000,
    });
    expect(res.status).toBe(200);
    const { imageUrl, fields } = ZProductImageUploadResponse.parse(res.body);
    expect(imageUrl).toMatch(/^\/images\/products\/[0-9a-f]{16}-\d{13}\.jpg$/);
    expect(fields.key).toBe(imageUrl.slice(1));
  });

  it('refuses a file that is not an image', async () => {
    const res = await call('POST', '/api/admin/products/images/uploads', {
      filename: 'notes.txt',
      contentType: 'text/plain',
      size: 100,
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.fields?.contentType).toBe(m.imageOnly);
    const svg = await call('POST', '/api/admin/products/images/uploads', {
      filename: 'x.svg',
      contentType: 'image/svg+xml',
      size: 100,
    });
    expect(svg.status).toBe(400);
  });

  it('refuses a file over the size limit, and storage refuses more bytes than were declared', async () => {
    const res = await call('POST', '/api/admin/products/images/uploads', {
      filename: 'big.png',
      contentType: 'image/png',
      size: PRODUCT_IMAGE_MAX_BYTES,
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.fields?.size).toBe(m.imageTooLarge);
    const big = Buffer.concat([solidPng(8), Buffer.alloc(PRODUCT_IMAGE_MAX_BYTES)]);
    const sneaky = await call<unknown>('POST', '/api/admin/products/images/uploads', {
      filename: 'big.png',
      contentType: 'image/png',
      size: 1000,
    });
    const upload = ZProductImageUploadResponse.parse(sneaky.body);
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(big)], { type: 'image/png' }), 'big.png');
    const stored = await fetch(upload.url, { method: 'POST', body: form });
    expect(stored.status).toBe(400);
    expect(await objectExists(upload.imageUrl.slice(1))).toBe(false);
  });

  it('refuses a product pointing at an image never uploaded, or at bytes that are no image', async () => {
    const before = await catalogueSnapshot();
    const missing = await call(
      'POST',
      '/api/admin/products',
      input({ imageUrl: '/images/products/nothere.png' }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields?.imageUrl).toBe(m.imageNotUploaded);
    const key = `images/products/${randomUUID()}.png`;
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: 'hello, not an image',
        ContentType: 'image/png',
      }),
    );
    const fake = await call('POST', '/api/admin/products', input({ imageUrl: `/${key}` }));
    expect(fake.status).toBe(400);
    expect(fake.body.error?.fields?.imageUrl).toBe(m.imageOnly);
    expect(await catalogueSnapshot()).toEqual(before);
  });

  it('serves an uploaded image under /images/ and removes the replaced one on update', async () => {
    const first = await uploadImage(solidPng(8));
    const created = await create({ imageUrl: first.imageUrl });
    const served = await fetch(`${stack().urls.site}${first.imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const second = await uploadImage(solidPng(8, [200, 10, 10]), 'new.png');
    const res = await call<Product>(
      'PUT',
      `/api/admin/products/${created.id}`,
      input({ imageUrl: second.imageUrl }),
    );
    expect(res.status).toBe(200);
    expect(res.body.imageUrl).toBe(second.imageUrl);
    expect(await objectExists(first.imageUrl.slice(1))).toBe(false);
    expect(await objectExists(second.imageUrl.slice(1))).toBe(true);
  });
});
