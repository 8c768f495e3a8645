import { messages } from '@shared/messages';
import {
  ALL_BRANDS,
  countLine,
  DEFAULT_SORT,
  distinctBrands,
  filterProducts,
  groupByBrand,
  SORT_OPTIONS,
  type SortOption,
} from '@shared/rules/catalogue';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AlertIcon, BoxIcon, FilterIcon, GridIcon, ListIcon, SearchIcon } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { StatePanel } from '../../components/state-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { analytics } from '../../lib/analytics';
import { paths } from '../../paths';
import { useProducts } from './api/list-products';
import { type ActiveFilter, ActiveFilters } from './components/active-filters';
import { FilterPanel } from './components/filter-panel';
import { ProductCard } from './components/product-card';
import '../../components/page-banner.css';
import './catalogue.css';

type ViewMode = 'grid' | 'list';

const FILTER_PANEL_ID = 'catalogue-filters';
const SEARCH_PARAM = 'q';

export function CataloguePage() {
  usePageTitle(paths.products.title);
  const products = useProducts();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = searchParams.get(SEARCH_PARAM) ?? '';

  const [search, setSearch] = useState(urlQuery);
  const [brand, setBrand] = useState<string>(ALL_BRANDS);
  const [sort, setSort] = useState<SortOption>(DEFAULT_SORT);
  const [view, setView] = useState<ViewMode>('grid');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  const searchId = useId();

  // The address bar wins when it changes (back button, a link with ?q=).
  useEffect(() => setSearch(urlQuery), [urlQuery]);

  const all = products.data;
  const brands = useMemo(() => distinctBrands(all ?? []), [all]);
  const filtered = useMemo(
    () => filterProducts(all ?? [], { query: search, brand, sort }),
    [all, search, brand, sort],
  );
  const groups = useMemo(() => groupByBrand(filtered), [filtered]);

  const writeQuery = (query: string) => {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (query.trim()) next.set(SEARCH_PARAM, query.trim());
        else next.delete(SEARCH_PARAM);
        return next;
      },
      { replace: false },
    );
  };

  const onSearchSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    writeQuery(search);
    analytics.search(search);
  };

  const clearSearch = () => {
    setSearch('');
    writeQuery('');
  };

  const clearAll = () => {
    clearSearch();
    setBrand(ALL_BRANDS);
    setSort(DEFAULT_SORT);
  };

  const changeView = (mode: ViewMode) => {
    if (mode !== view) analytics.viewMode(mode);
    setView(mode);
  };

  const activeFilters: ActiveFilter[] = [];
  if (search.trim()) {
    activeFilters.push({ key: 'search', label: `Search: "${search.trim()}"`, onRemove: clearSearch });
  }
  if (brand !== ALL_BRANDS) {
    activeFilters.push({ key: 'brand', label: `Brand: ${brand}`, onRemove: () => setBrand(ALL_BRANDS) });
  }
  if (sort !== DEFAULT_SORT) {
    const label = SORT_OPTIONS.find((o) => o.value === sort)?.label ?? sort;
    activeFilters.push({ key: 'sort', label: `Sort: ${label}`, onRemove: () => setSort(DEFAULT_SORT) });
  }

  const focusSearch = () => {
    setFiltersOpen(false);
    searchInput.current?.focus();
    searchInput.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };

  return (
    <div className="catalogue-page">
      <section className="page-banner" aria-labelledby="catalogue-title">
        <div className="container">
          <h1 id="catalogue-title">Sell Your Diabetic Test Strips</h1>
          <p className="page-banner__lead">
            Find your product, see exactly what you will earn, and ship it free. Boxes must be sealed and
            unexpired.
          </p>
          <search>
            <form className="search-form" onSubmit={onSearchSubmit}>
              <label htmlFor={searchId} className="visually-hidden">
                Search products
              </label>
              <SearchIcon size={20} className="search-form__icon" />
              <input
                ref={searchInput}
                id={searchId}
                type="search"
                name={SEARCH_PARAM}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder="Product or brand"
                autoComplete="off"
                enterKeyHint="search"
              />
              <button type="submit" className="btn btn--primary">
                Search
              </button>
            </form>
          </search>
        </div>
      </section>

      <div className="container catalogue-layout">
        <FilterPanel
          id={FILTER_PANEL_ID}
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          brands={brands}
          brand={brand}
          onBrandChange={(next) => {
            setBrand(next);
            analytics.filterBrand(next);
          }}
          sort={sort}
          onSortChange={(next) => {
            setSort(next);
            analytics.sort(next);
          }}
        />

        <section className="catalogue-results">
          {products.isPending ? (
            <LoadingState message={messages.catalogue.loading} />
          ) : products.isError ? (
            <StatePanel icon={<AlertIcon size={32} />} title={messages.catalogue.errorTitle} tone="error">
              <p>{messages.catalogue.errorBody}</p>
              <button type="button" className="btn btn--secondary" onClick={() => products.refetch()}>
                Try Again
              </button>
            </StatePanel>
          ) : (
            <>
              <div className="results-toolbar">
                <p className="results-toolbar__count" role="status">
                  {countLine(filtered.length, brand, search)}
                </p>
                <fieldset className="view-toggle">
                  <legend className="visually-hidden">View mode</legend>
                  <button
                    type="button"
                    className="icon-button"
                    aria-pressed={view === 'grid'}
                    aria-label="Grid view"
                    onClick={() => changeView('grid')}
                  >
                    <GridIcon size={20} />
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-pressed={view === 'list'}
                    aria-label="List view"
                    onClick={() => changeView('list')}
                  >
                    <ListIcon size={20} />
                  </button>
                </fieldset>
              </div>
              <ActiveFilters filters={activeFilters} onClearAll={clearAll} />

              {filtered.length === 0 ? (
                <StatePanel icon={<BoxIcon size={32} />} title={messages.catalogue.emptyTitle}>
                  <p>
                    {search.trim()
                      ? messages.catalogue.emptyForQuery(search.trim())
                      : messages.catalogue.emptyNone}
                  </p>
                </StatePanel>
              ) : (
                <>
                  <h2 id="results-title" className="results-title">
                    {filtered.length} products available
                  </h2>
                  {groups.map((group) => (
                    <section key={group.brand} className="brand-group" aria-label={group.brand}>
                      <div className="brand-group__head">
                        <h3>{group.brand}</h3>
                        {group.popular && <span className="badge badge--accent">Most Popular</span>}
                      </div>
                      <ul className={view === 'grid' ? 'product-grid' : 'product-grid product-grid--list'}>
                        {group.products.map((product) => (
                          <li key={product.id}>
                            <ProductCard product={product} popular={group.popular} />
                          </li>
                        ))}
                      </ul>
                    </section>
                  ))}
                </>
              )}
            </>
          )}
        </section>
      </div>

      <div className="mobile-action-bar" data-testid="catalogue-mobile-bar">
        <button
          type="button"
          className="mobile-action-bar__button"
          aria-expanded={filtersOpen}
          aria-controls={FILTER_PANEL_ID}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <FilterIcon size={20} />
          Filters
          {activeFilters.length > 0 && (
            <>
              {' '}
              <span className="mobile-action-bar__count">{activeFilters.length}</span>
            </>
          )}
        </button>
        <button type="button" className="mobile-action-bar__button" onClick={focusSearch}>
          <SearchIcon size={20} />
          Search
        </button>
      </div>
    </div>
  );
}
