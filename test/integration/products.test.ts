import { messages } from '../../shared/messages';
import { productIdFromSlug, productSlug } from '../../shared/rules/slug';
import { ZErrorResponse } from '../../shared/schemas/common';
import { type Product, ZProduct, ZProductList } from '../../shared/schemas/product';
import { api } from '../support/stack';

describe('GET /api/products', () => {
  let products: Product[];

  beforeAll(async () => {
    const res = await api<{ products: Product[] }>('/api/products');
    expect(res.status).toBe(200);
    expect(ZProductList.safeParse(res.body).success).toBe(true);
    products = res.body.products;
  });

  it('answers the seeded catalogue as JSON, ordered by productId', () => {
    expect(products.length).toBeGreaterThanOrEqual(20);
    const ids = products.map((p) => p.productId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('covers the brands and types a seller brings, with prices up to $50', () => {
    const brands = new Set(products.map((p) => p.brand));
    for (const brand of ['OneTouch', 'Accu-Chek', 'FreeStyle', 'Contour', 'True Metrix', 'Dexcom']) {
      expect(brands).toContain(brand);
    }
    const types = new Set(products.map((p) => p.productType.toLowerCase()));
    expect(types).toContain('test strips');
    expect(types).toContain('cgm');
    for (const p of products) {
      expect(p.buybackPrice).toBeGreaterThan(0);
      expect(p.buybackPrice).toBeLessThanOrEqual(50);
    }
  });

  it('serves each product image through /images/*', async () => {
    const withImage = products.find((p) => p.imageUrl);
    expect(withImage?.imageUrl).toMatch(/^\/images\//);
    const res = await api<string>(withImage!.imageUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
  });

  it('ignores unknown query parameters', async () => {
    const res = await api<{ products: Product[] }>('/api/products?sort=evil&limit=-1');
    expect(res.status).toBe(200);
    expect(res.body.products).toHaveLength(products.length);
  });

  describe('GET /api/products/{id}', () => {
    it('answers one product, the same as in the list', async () => {
      const target = products[3];
      const res = await api<Product>(`/api/products/${target.id}`);
      expect(res.status).toBe(200);
      expect(ZProduct.safeParse(res.body).success).toBe(true);
      expect(res.body).toEqual(target);
    });

    it('accepts the id in upper case', async () => {
      const res = await api<Product>(`/api/products/${products[0].id.toUpperCase()}`);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(products[0].id);
    });

    it('resolves a canonical slug back to the product id', () => {
      for (const p of products) expect(productIdFromSlug(productSlug(p))).toBe(p.id);
    });

    it('answers 404 with a clear message for an unknown id', async () => {
      const res = await api('/api/products/00000000-0000-4000-8000-000000000000');
      expect(res.status).toBe(404);
      expect(ZErrorResponse.safeParse(res.body).success).toBe(true);
      expect(res.body).toEqual({ error: { code: 'not_found', message: messages.api.productNotFound } });
    });

    it.each([
      ['a word', 'not-a-uuid'],
      ['a number', '12345'],
      ['a slug', 'onetouch-ultra'],
      ['an over-long id', 'a'.repeat(2000)],
      ['odd characters', encodeURIComponent('"><script>')],
      ['a uuid with a suffix', '00000000-0000-4000-8000-000000000000x'],
    ])('answers 400 for %s, never 500', async (_label, id) => {
      const res = await api<{ error: { code: string; message: string; fields?: Record<string, string> } }>(
        `/api/products/${id}`,
      );
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation');
      expect(res.body.error.message).toBe(messages.api.invalidProductId);
      expect(res.body.error.fields).toEqual({ id: messages.api.invalidProductId });
    });
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON, not the web app', async () => {
    const res = await api('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
  });
});
