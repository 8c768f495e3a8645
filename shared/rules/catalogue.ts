import { POPULAR_BRAND } from '../constants.js';
import type { Product } from '../schemas/product.js';
import { compareText, newestFirst } from './text-order.js';

export const SORT_OPTIONS = [
  { value: 'a-z', label: 'Name (A-Z)' },
  { value: 'popular', label: 'Most Popular' },
  { value: 'price-high', label: 'Price: High to Low' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'newest', label: 'Newest First' },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]['value'];
export const DEFAULT_SORT: SortOption = 'a-z';
export const ALL_BRANDS = 'All';

export const isSortOption = (value: string | null): value is SortOption =>
  SORT_OPTIONS.some((o) => o.value === value);

/** Popular order: OneTouch, then Accu-Chek, then every other brand; by higher price within each. */
const popularRank = (brand: string): number => {
  const b = brand.toLowerCase();
  if (b === POPULAR_BRAND.toLowerCase()) return 0;
  if (b === 'accu-chek') return 1;
  return 2;
};

const comparators: Record<SortOption, (a: Product, b: Product) => number> = {
  'a-z': (a, b) => compareText(a.name, b.name),
  popular: (a, b) => popularRank(a.brand) - popularRank(b.brand) || b.buybackPrice - a.buybackPrice,
  'price-high': (a, b) => b.buybackPrice - a.buybackPrice,
  'price-low': (a, b) => a.buybackPrice - b.buybackPrice,
  newest: (a, b) => newestFirst(a.created_at, b.created_at),
};

export const sortProducts = (products: readonly Product[], sort: SortOption): Product[] =>
  [...products].sort(comparators[sort]);

/** Case-insensitive substring match on name or brand. */
export function matchesSearch(product: Pick<Product, 'name' | 'brand'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return product.name.toLowerCase().includes(q) || product.brand.toLowerCase().includes(q);
}

export const distinctBrands = (products: readonly Product[]): string[] =>
  [...new Set(products.map((p) => p.brand))].sort(compareText);

export interface CatalogueFilter {
  query: string;
  brand: string;
  sort: SortOption;
}

export function filterProducts(products: readonly Product[], filter: CatalogueFilter): Product[] {
  const brand = filter.brand === ALL_BRANDS ? null : filter.brand;
  return sortProducts(
    products.filter((p) => (brand === null || p.brand === brand) && matchesSearch(p, filter.query)),
    filter.sort,
  );
}

export interface BrandGroup {
  brand: string;
  popular: boolean;
  products: Product[];
}

/** Groups in the order the chosen sort first reaches each brand; within a brand, by buyback price ascending. */
export function groupByBrand(sorted: readonly Product[]): BrandGroup[] {
  const groups = new Map<string, Product[]>();
  for (const p of sorted) {
    const list = groups.get(p.brand);
    if (list) list.push(p);
    else groups.set(p.brand, [p]);
  }
  return [...groups].map(([brand, list]) => ({
    brand,
    popular: isPopularBrand(brand),
    products: list.sort((a, b) => a.buybackPrice - b.buybackPrice),
  }));
}

export const isPopularBrand = (brand: string): boolean => brand.toLowerCase() === POPULAR_BRAND.toLowerCase();

/** '{n} products found', with ' in {brand}' and ' matching "{query}"' when those filters are set. */
export function countLine(count: number, brand: string, query: string): string {
  let line = `${count} products found`;
  if (brand !== ALL_BRANDS) line += ` in ${brand}`;
  if (query.trim()) line += ` matching "${query.trim()}"`;
  return line;
}
