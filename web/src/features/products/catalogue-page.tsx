import { messages } from '@shared/messages';
import {
  ALL_BRANDS,
  countLine,
  DEFAULT_SORT,
  distinctBrands,
  filterProducts,
  groupByBrand,
  SORT_OPTIONS,
} from '@shared/rules/catalogue';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { AlertIcon, BoxIcon, FilterIcon, GridIcon, ListIcon, SearchIcon } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { StatePanel } from '../../components/state-panel';
import { useDeferredData } from '../../hooks/use-deferred-data';
import { usePageTitle } from '../../hooks/use-page-title';
import { analytics } from '../../lib/analytics';
import { useProducts } from '../../lib/products/list-products';
import { paths } from '../../paths';
import {
  CATALOGUE_PARAMS,
  type CatalogueView,
  readCatalogueView,
  writeCatalogueView,
} from './catalogue-params';
import { type ActiveFilter, ActiveFilters } from './components/active-filters';
import { FilterPanel } from './components/filter-panel';
import { ProductCard } from './components/product-card';
import '../../components/page-banner.css';
import './catalogue.css';

type ViewMode = 'grid' | 'list';

const FILTER_PANEL_ID = 'catalogue-filters';

/**
 * The address as it is now. The router renders a navigation inside a transition, so the search params of the
 * last render can lag behind the address; a change made before that render (a key typed quickly after
 * another) must build on the one before it, not undo it.
 */
const liveSearch = () => new URLSearchParams(window.location.search);

/**
 * Search, brand and sort live in the address only (`?q=&brand=&sort=`), so a reload, a shared link and Back
 * from a product all show the same list. Each change replaces the history entry: Back leaves the catalogue
 * rather than stepping through every key typed.
 */
function useCatalogueView() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => readCatalogueView(searchParams), [searchParams]);
  const change = useCallback(
    (patch: Partial<CatalogueView>) =>
      setSearchParams(writeCatalogueView(liveSearch(), patch), { replace: true }),
    [setSearchParams],
  );
  return [view, change] as const;
}

export function CataloguePage() {
  usePageTitle(paths.products.title);
  const products = useProducts();
  const [{ query, brand: askedBrand, sort }, setFilters] = useCatalogueView();
  const [view, setView] = useState<ViewMode>('grid');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const location = useLocation();
  const navigationType = useNavigationType();
  const search = query.trim();

  // The box shows what is typed (it writes the address as it goes, so it is not held twice); only an arrival
  // from elsewhere (Back, Forward, a link with ?q=) brings another search into it, never our own replacing
  // writes. Set directly: a value driven through the router's transition would move the caret while typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key marks each arrival at an entry.
  useEffect(() => {
    if (navigationType !== 'REPLACE' && searchInput.current) searchInput.current.value = query;
  }, [location.key]);

  const { data: all, pending: listPending } = useDeferredData(products.data, products.isPending);
  const brands = useMemo(() => distinctBrands(all ?? []), [all]);
  // A brand the catalogue no longer has (an old link) is no filter at all.
  const brand = all && askedBrand !== ALL_BRANDS && !brands.includes(askedBrand) ? ALL_BRANDS : askedBrand;
  const filtered = useMemo(
    () => filterProducts(all ?? [], { query: search, brand, sort }),
    [all, search, brand, sort],
  );
  const groups = useMemo(() => groupByBrand(filtered), [filtered]);

  const onSearchSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    analytics.search(search);
  };

  const setSearchBox = (text: string) => {
    if (searchInput.current) searchInput.current.value = text;
  };

  const clearSearch = () => {
    setSearchBox('');
    setFilters({ query: '' });
  };

  const clearAll = () => {
    setSearchBox('');
    setFilters({ query: '', brand: ALL_BRANDS, sort: DEFAULT_SORT });
  };

  const changeView = (mode: ViewMode) => {
    if (mode !== view) analytics.viewMode(mode);
    setView(mode);
  };

  const activeFilters: ActiveFilter[] = [];
  if (search) {
    activeFilters.push({ key: 'search', label: `Search: "${search}"`, onRemove: clearSearch });
  }
  if (brand !== ALL_BRANDS) {
    activeFilters.push({
      key: 'brand',
      label: `Brand: ${brand}`,
      onRemove: () => setFilters({ brand: ALL_BRANDS }),
    });
  }
  if (sort !== DEFAULT_SORT) {
    const label = SORT_OPTIONS.find((o) => o.value === sort)?.label ?? sort;
    activeFilters.push({
      key: 'sort',
      label: `Sort: ${label}`,
      onRemove: () => setFilters({ sort: DEFAULT_SORT }),
    });
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
                name={CATALOGUE_PARAMS.query}
                defaultValue={query}
                onChange={(event) => setFilters({ query: event.target.value })}
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
            setFilters({ brand: next });
            analytics.filterBrand(next);
          }}
          sort={sort}
          onSortChange={(next) => {
            setFilters({ sort: next });
            analytics.sort(next);
          }}
        />

        <section className="catalogue-results">
          {listPending ? (
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
                  <p>{search ? messages.catalogue.emptyForQuery(search) : messages.catalogue.emptyNone}</p>
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
