import type { Product } from '../schemas/product.js';
import {
  ALL_BRANDS,
  countLine,
  distinctBrands,
  filterProducts,
  groupByBrand,
  isSortOption,
  matchesSearch,
  SORT_OPTIONS,
  sortProducts,
} from './catalogue.js';

let seq = 0;
const product = (brand: string, name: string, price: number, created = '2026-01-01T00:00:00Z'): Product => ({
  id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  productId: 100 + seq,
  name,
  brand,
  buybackPrice: price,
  imageUrl: null,
  productType: 'Test Strips',
  expirationMonths: null,
  boxCount: 50,
  description: '',
  inStock: true,
  created_at: created,
  updated_at: created,
});

const contour = product('Contour', 'Contour Next', 30, '2026-03-01T00:00:00Z');
const accu = product('Accu-Chek', 'Accu-Chek Guide', 25, '2026-01-15T00:00:00Z');
const ultra = product('OneTouch', 'OneTouch Ultra', 20, '2026-02-01T00:00:00Z');
const verio = product('OneTouch', 'OneTouch Verio', 35, '2025-12-01T00:00:00Z');
const dexcom = product('Dexcom', 'Dexcom G7 Sensors', 45, '2026-04-01T00:00:00Z');
const all = [contour, accu, ultra, verio, dexcom];
const names = (list: Product[]) => list.map((p) => p.name);

describe('catalogue sorts', () => {
  it('offers exactly the five sorts of the spec', () => {
    expect(SORT_OPTIONS.map((o) => o.value)).toEqual(['a-z', 'popular', 'price-high', 'price-low', 'newest']);
    expect(isSortOption('newest')).toBe(true);
    expect(isSortOption('cheapest')).toBe(false);
    expect(isSortOption(null)).toBe(false);
  });

  it('a-z sorts by name', () => {
    expect(names(sortProducts(all, 'a-z'))).toEqual([
      'Accu-Chek Guide',
      'Contour Next',
      'Dexcom G7 Sensors',
      'OneTouch Ultra',
      'OneTouch Verio',
    ]);
  });

  it('popular puts OneTouch first, then Accu-Chek, then the rest by higher price', () => {
    expect(names(sortProducts(all, 'popular'))).toEqual([
      'OneTouch Verio',
      'OneTouch Ultra',
      'Accu-Chek Guide',
      'Dexcom G7 Sensors',
      'Contour Next',
    ]);
  });

  it('price-high and price-low order by buyback price', () => {
    expect(sortProducts(all, 'price-high').map((p) => p.buybackPrice)).toEqual([45, 35, 30, 25, 20]);
    expect(sortProducts(all, 'price-low').map((p) => p.buybackPrice)).toEqual([20, 25, 30, 35, 45]);
  });

  it('newest orders by created_at, latest first', () => {
    expect(names(sortProducts(all, 'newest'))).toEqual([
      'Dexcom G7 Sensors',
      'Contour Next',
      'OneTouch Ultra',
      'Accu-Chek Guide',
      'OneTouch Verio',
    ]);
  });

  it('does not mutate its input', () => {
    const before = [...all];
    sortProducts(all, 'price-high');
    expect(all).toEqual(before);
  });
});

describe('catalogue search and filters', () => {
  it('matches a case-insensitive substring of name or brand', () => {
    expect(matchesSearch(ultra, 'ULTRA')).toBe(true);
    expect(matchesSearch(ultra, 'onetouch')).toBe(true);
    expect(matchesSearch(ultra, 'verio')).toBe(false);
    expect(matchesSearch(ultra, '   ')).toBe(true);
  });

  it('filters by exact brand and query together, then sorts', () => {
    expect(names(filterProducts(all, { brand: 'OneTouch', query: '', sort: 'price-low' }))).toEqual([
      'OneTouch Ultra',
      'OneTouch Verio',
    ]);
    expect(names(filterProducts(all, { brand: 'Onetouch', query: '', sort: 'a-z' }))).toEqual([]);
    expect(names(filterProducts(all, { brand: ALL_BRANDS, query: 'next', sort: 'a-z' }))).toEqual([
      'Contour Next',
    ]);
  });

  it('lists distinct brands sorted', () => {
    expect(distinctBrands(all)).toEqual(['Accu-Chek', 'Contour', 'Dexcom', 'OneTouch']);
  });

  it('groups by brand with OneTouch marked popular and each group by price ascending', () => {
    const groups = groupByBrand(sortProducts(all, 'popular'));
    expect(groups.map((g) => g.brand)).toEqual(['OneTouch', 'Accu-Chek', 'Dexcom', 'Contour']);
    expect(groups[0].popular).toBe(true);
    expect(groups.slice(1).every((g) => !g.popular)).toBe(true);
    expect(names(groups[0].products)).toEqual(['OneTouch Ultra', 'OneTouch Verio']);
  });

  it('writes the count line with brand and query when set', () => {
    expect(countLine(5, ALL_BRANDS, '')).toBe('5 products found');
    expect(countLine(2, 'OneTouch', '')).toBe('2 products found in OneTouch');
    expect(countLine(1, 'OneTouch', ' ultra ')).toBe('1 products found in OneTouch matching "ultra"');
  });
});
