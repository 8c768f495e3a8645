import { compareText } from '@shared/rules/text-order';
import type { Product } from '@shared/schemas/product';

export interface ProductFilters {
  query: string;
  /** '' for every brand. */
  brand: string;
}

/** Case-insensitive search over name, brand, description and productid, then the brand filter. */
export function filterProducts(products: readonly Product[], { query, brand }: ProductFilters): Product[] {
  const needle = query.trim().toLowerCase();
  return products.filter((p) => {
    if (brand && p.brand !== brand) return false;
    if (!needle) return true;
    return [p.name, p.brand, p.description, String(p.productId)].some((text) =>
      text.toLowerCase().includes(needle),
    );
  });
}

/** The brands present in the catalogue, sorted, each once. */
export const brandsOf = (products: readonly Product[]): string[] =>
  [...new Set(products.map((p) => p.brand))].sort(compareText);
