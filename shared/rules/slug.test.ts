import { productIdFromSlug, productPath, productSlug, slugifyName } from './slug.js';

const id = '3f2b8c1e-9a4d-4e2f-8b7a-1c2d3e4f5a6b';

describe('product slug', () => {
  it('lower-cases the name and turns runs of non-alphanumerics into single hyphens', () => {
    expect(slugifyName('OneTouch Ultra  Blue (50 ct)')).toBe('onetouch-ultra-blue-50-ct');
    expect(slugifyName('Accu-Chek® Guide')).toBe('accu-chek-guide');
  });

  it('appends a hyphen and the uuid', () => {
    expect(productSlug({ id, name: 'FreeStyle Lite' })).toBe(`freestyle-lite-${id}`);
    expect(productPath({ id, name: 'FreeStyle Lite' })).toBe(`/products/freestyle-lite-${id}`);
  });

  it('keeps just the uuid when the name has no letters or digits', () => {
    expect(productSlug({ id, name: '***' })).toBe(id);
  });

  it('finds the product by the uuid at the end, whatever precedes it', () => {
    expect(productIdFromSlug(`freestyle-lite-${id}`)).toBe(id);
    expect(productIdFromSlug(`old-name-${id.toUpperCase()}`)).toBe(id);
    expect(productIdFromSlug(id)).toBe(id);
  });

  it('rejects slugs without a uuid at the end', () => {
    expect(productIdFromSlug('freestyle-lite')).toBeNull();
    expect(productIdFromSlug(`${id}-extra`)).toBeNull();
    expect(productIdFromSlug('')).toBeNull();
  });

  it('a non-canonical slug resolves to the same product as the canonical one', () => {
    const canonical = productSlug({ id, name: 'Contour Next' });
    expect(`contour-next-EZ-${id}`).not.toBe(canonical);
    expect(productIdFromSlug(`contour-next-EZ-${id}`)).toBe(productIdFromSlug(canonical));
  });
});
