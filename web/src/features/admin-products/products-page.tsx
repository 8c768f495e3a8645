import { adminProductMessages as m } from '@shared/messages';
import type { Product } from '@shared/schemas/product';
import { type ReactNode, useMemo, useRef, useState } from 'react';
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
  const addRef = useRef<HTMLButtonElement>(null);

  const all = products.data ?? [];
  const brands = useMemo(() => brandsOf(all), [all]);
  const shown = useMemo(() => filterProducts(all, { query, brand }), [all, query, brand]);

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
        products={shown}
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
                onChange={(event) => setQuery(event.target.value)}
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
          onChange={(event) => setBrand(event.target.value)}
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

      <section aria-label="Product list" aria-busy={products.isFetching && !products.isPending}>
        {products.data && (
          <p className="admin-products__count" aria-live="polite">
            Showing {shown.length} of {all.length} products
          </p>
        )}
        {body}
      </section>

      <ProductFormDialog
        open={editing !== null}
        product={editing?.product ?? null}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          setEditing(null);
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
