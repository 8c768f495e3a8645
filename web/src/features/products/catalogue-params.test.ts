import { describe, expect, test } from '@jest/globals';
import { ALL_BRANDS, DEFAULT_SORT } from '@shared/rules/catalogue';
import { readCatalogueView, writeCatalogueView } from './catalogue-params';

const read = (qs: string) => readCatalogueView(new URLSearchParams(qs));
const write = (qs: string, patch: Parameters<typeof writeCatalogueView>[1]) =>
  writeCatalogueView(new URLSearchParams(qs), patch).toString();

describe('the catalogue view in the address', () => {
  test('reads search, brand and sort', () => {
    expect(read('q=verio&brand=OneTouch&sort=price-high')).toEqual({
      query: 'verio',
      brand: 'OneTouch',
      sort: 'price-high',
    });
  });

  test('missing or unreadable values are the defaults', () => {
    expect(read('')).toEqual({ query: '', brand: ALL_BRANDS, sort: DEFAULT_SORT });
    expect(read('sort=cheapest&brand=')).toEqual({ query: '', brand: ALL_BRANDS, sort: DEFAULT_SORT });
  });

  test('writes a change, keeping the other params; defaults and a blank search leave the address', () => {
    expect(write('q=verio', { brand: 'Dexcom' })).toBe('q=verio&brand=Dexcom');
    expect(write('q=verio&brand=Dexcom&sort=newest', { brand: ALL_BRANDS, sort: DEFAULT_SORT })).toBe(
      'q=verio',
    );
    expect(write('q=verio&utm=x', { query: '  ' })).toBe('utm=x');
    expect(write('', { query: 'one touch' })).toBe('q=one+touch');
  });

  test('what is written reads back the same', () => {
    const view = { query: 'accu chek', brand: 'Accu-Chek', sort: 'popular' as const };
    expect(readCatalogueView(writeCatalogueView(new URLSearchParams(), view))).toEqual(view);
  });
});
