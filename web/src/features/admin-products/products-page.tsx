import { DEFAULT_PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZES } from '@shared/constants';
import { adminProductMessages as m } from '@shared/messages';
import { pageCount } from '@shared/rules/paging';
import type { Product } from '@shared/schemas/product';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { Pagination } from '../../components/admin/pagination';
import { Dialog } from '../../components/dialog';
import { Field, SelectField } from '../../components/form/field';
import { AlertIcon, BoxIcon, SearchIcon } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { StatePanel } from '../../components/state-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { useDeleteProduct } from './api/delete-product';
import { useAdminProducts } from './api/list-products';
import { ProductFormDialog } from './components/product-form-dialog';
import { ProductsList } from './components/products-list';
import { brandsOf, filterProducts } from './filter-products';
import { ProductCsvActions } from './product-csv';
import './products-page.css';

type Editing = { product: Product | null } | null;

/** The back office products page (spec 001 §2 Products, §5 product form). */
export function ProductsPage() {
  usePageTitle('Products');
  const products = useAdminProducts();
  const remove = useDeleteProduct();
  const [query, setQuery] = useState('');
  const [brand, setBrand] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PRODUCT_PAGE_SIZE);
  /** A product just saved: its page is shown once the reloaded list holds it. */
  const [reveal, setReveal] = useState<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLElement>(null);

  const all = products.data ?? [];
  const brands = useMemo(() => brandsOf(all), [all]);
  const shown = useMemo(() => filterProducts(all, { query, brand }), [all, query, brand]);
  // The saved product has arrived in the list: its page, set while rendering (React then renders again before
  // anything is drawn), not from an effect, which would first draw the old page and then swap it.
  const revealAt = reveal === null ? -1 : shown.findIndex((p) => p.id === reveal);
  if (revealAt >= 0) {
    setPage(Math.floor(revealAt / pageSize) + 1);
    setReveal(null);
  }
  // A delete or a narrower list can leave the page past the end: the last page is shown instead.
  const current = Math.min(page, pageCount(shown.length, pageSize));
  const visible = useMemo(
    () => shown.slice((current - 1) * pageSize, current * pageSize),
    [shown, current, pageSize],
  );

  /** A change of search, brand or page size: the list starts over at its first page. */
  const fromFirstPage = (change: () => void) => {
    change();
    setPage(1);
    setReveal(null);
  };
  const goToPage = (next: number) => {
    setPage(next);
    setReveal(null);
    listRef.current?.scrollIntoView({ block: 'start' });
  };

  const confirmDelete = () => {
    const product = deleting;
    setDeleting(null);
    if (!product) return;
    setNotice(null);
    remove.mutate(product.id, {
      onSuccess: () => setNotice({ tone: 'ok', text: `Product "${product.name}" deleted.` }),
      onError: () => setNotice({ tone: 'error', text: m.deleteFailed }),
    });
  };

  let body: ReactNode;
  if (products.isPending) body = <LoadingState message="Loading products..." />;
  else if (products.isError)
    body = (
      <StatePanel icon={<AlertIcon size={32} />} title={m.loadError} tone="error">
        <button type="button" className="btn btn--secondary" onClick={() => products.refetch()}>
          {m.tryAgain}
        </button>
      </StatePanel>
    );
  else if (shown.length === 0) body = <StatePanel icon={<BoxIcon size={32} />} title={m.empty} />;
  else
    body = (
      <ProductsList
        products={visible}
        onEdit={(product) => setEditing({ product })}
        onDelete={setDeleting}
        busyId={remove.isPending ? (remove.variables ?? null) : null}
      />
    );

  return (
    <div className="admin-products">
      <header className="admin-products__header">
        <h1>Products</h1>
        <div className="admin-products__header-actions">
          <div className="admin-products__csv">
            <ProductCsvActions
              products={all}
              ready={products.isSuccess}
              onImported={() => products.refetch()}
            />
          </div>
          <button
            ref={addRef}
            type="button"
            className="btn btn--primary"
            onClick={() => setEditing({ product: null })}
          >
            Add Product
          </button>
        </div>
      </header>

      <search className="admin-products__toolbar" aria-label="Filter products">
        <Field
          id="admin-products-search"
          label="Search products"
          hideLabel
          layout="compact"
          className="admin-products__search"
        >
          {(control) => (
            <>
              <SearchIcon size={18} className="admin-products__search-icon" aria-hidden="true" />
              <input
                {...control}
                type="search"
                placeholder={m.searchPlaceholder}
                value={query}
                onChange={(event) => fromFirstPage(() => setQuery(event.target.value))}
              />
            </>
          )}
        </Field>
        <SelectField
          options={brands}
          id="admin-products-brand"
          label="Brand"
          hideLabel
          layout="compact"
          className="admin-products__brand"
          value={brand}
          onChange={(event) => fromFirstPage(() => setBrand(event.target.value))}
        >
          <option value="">{m.brandFilterAll}</option>
        </SelectField>
      </search>

      {notice && (
        <p
          className={`admin-products__notice admin-products__notice--${notice.tone}`}
          role={notice.tone === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}

      <section
        ref={listRef}
        className="admin-products__list"
        aria-label="Product list"
        aria-busy={products.isFetching && !products.isPending}
      >
        {products.data && (
          <p className="admin-products__count" aria-live="polite">
            Showing {shown.length} of {all.length} products
          </p>
        )}
        {body}
        {products.isSuccess && shown.length > 0 && (
          <Pagination
            noun="Products"
            page={current}
            pageSize={pageSize}
            sizes={PRODUCT_PAGE_SIZES}
            // The count above says how many match; the page buttons say which part is on screen.
            summary={null}
            total={shown.length}
            onPage={goToPage}
            onPageSize={(size) => fromFirstPage(() => setPageSize(size))}
          />
        )}
      </section>

      <ProductFormDialog
        open={editing !== null}
        product={editing?.product ?? null}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          setEditing(null);
          setReveal(saved.id);
          setNotice({ tone: 'ok', text: `Product "${saved.name}" ${created ? 'added' : 'saved'}.` });
        }}
      />

      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete Product"
        description={<p>{m.confirmDelete}</p>}
        size="sm"
        returnFocusRef={addRef}
        footer={
          <div className="button-row">
            <button type="button" className="btn btn--secondary" onClick={() => setDeleting(null)}>
              Cancel
            </button>
            <button type="button" className="btn btn--danger-outline" onClick={confirmDelete}>
              Delete
            </button>
          </div>
        }
      />
    </div>
  );
}
