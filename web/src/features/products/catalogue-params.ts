import { ALL_BRANDS, DEFAULT_SORT, isSortOption, type SortOption } from '@shared/rules/catalogue';

/** The address's names for the catalogue's view: `?q=verio&brand=OneTouch&sort=price-high`. */
export const CATALOGUE_PARAMS = { query: 'q', brand: 'brand', sort: 'sort' } as const;

export interface CatalogueView {
  /** The search text as typed (matching ignores case and surrounding spaces). */
  query: string;
  brand: string;
  sort: SortOption;
}

/** The view an address asks for; anything missing or unreadable is the default (all brands, A-Z). */
export function readCatalogueView(search: URLSearchParams): CatalogueView {
  const sort = search.get(CATALOGUE_PARAMS.sort);
  return {
    query: search.get(CATALOGUE_PARAMS.query) ?? '',
    brand: search.get(CATALOGUE_PARAMS.brand) || ALL_BRANDS,
    sort: isSortOption(sort) ? sort : DEFAULT_SORT,
  };
}

/** The address for a change to the view: defaults (and a blank search) leave the address, other params stay. */
export function writeCatalogueView(search: URLSearchParams, patch: Partial<CatalogueView>): URLSearchParams {
  const next = new URLSearchParams(search);
  const set = (name: string, value: string | undefined, isDefault: boolean) => {
    if (value === undefined) return;
    if (isDefault) next.delete(name);
    else next.set(name, value);
  };
  set(CATALOGUE_PARAMS.query, patch.query, !patch.query?.trim());
  set(CATALOGUE_PARAMS.brand, patch.brand, patch.brand === ALL_BRANDS);
  set(CATALOGUE_PARAMS.sort, patch.sort, patch.sort === DEFAULT_SORT);
  return next;
}
