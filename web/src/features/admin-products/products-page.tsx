import { DEFAULT_PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZES } from '@shared/constants';
import { adminProductMessages as m } from '@shared/messages';
import { pageCount } from '@shared/rules/paging';
import type { Product } from '@shared/schemas/product';
import { useMemo, useRef, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { type ListNotice, ListPage } from '../../components/list/list-page';
import { ListSearch, ListToolbar, SearchSelect } from '../../components/list/list-toolbar';
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
  const [notice, setNotice] = useState<ListNotice | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PRODUCT_PAGE_SIZE);
  /** A product just saved: its page is shown once the reloaded list holds it. */
  const [reveal, setReveal] = useState<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);

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
  };

  const confirmDelete = () => {
    const product = deleting;
    setDeleting(null);
    if (!product) return;
    setNotice(null);
    remove.mutate(product.id, {
      onSuccess: () => setNotice({ tone: 'success', text: `Product "${product.name}" deleted.` }),
      onError: () => setNotice({ tone: 'error', text: m.deleteFailed }),
    });
  };

  return (
    <>
      <ListPage
        title="Products"
        actions={
          <>
            <ProductCsvActions
              products={all}
              ready={products.isSuccess}
              onImported={() => products.refetch()}
            />
            <button
              ref={addRef}
              type="button"
              className="btn btn--primary"
              onClick={() => setEditing({ product: null })}
            >
              Add Product
            </button>
          </>
        }
        toolbar={
          <ListToolbar>
            <ListSearch
              label="Search products"
              placeholder={m.searchPlaceholder}
              value={query}
              onCommit={(text) => fromFirstPage(() => setQuery(text))}
              commit="change"
              controls={() => (
                <SearchSelect
                  label="Brand"
                  hideLabel
                  allLabel={m.brandFilterAll}
                  options={brands}
                  value={brand}
                  onChange={(value) => fromFirstPage(() => setBrand(value))}
                />
              )}
            />
          </ListToolbar>
        }
        notice={notice}
        onDismissNotice={() => setNotice(null)}
        label="Product list"
        query={products}
        rows={products.data && visible}
        loading="Loading products..."
        empty={{ title: m.empty }}
        failed={{ title: m.loadError, retry: m.tryAgain }}
        summary={products.data ? `Showing ${shown.length} of ${all.length} products` : undefined}
        paging={
          shown.length > 0
            ? {
                noun: 'Products',
                page: current,
                pageSize,
                sizes: PRODUCT_PAGE_SIZES,
                // The count above says how many match; the page buttons say which part is on screen.
                summary: null,
                total: shown.length,
                onPage: goToPage,
                onPageSize: (size) => fromFirstPage(() => setPageSize(size)),
              }
            : undefined
        }
      >
        {(rows) => (
          <ProductsList
            products={rows}
            onEdit={(product) => setEditing({ product })}
            onDelete={setDeleting}
            busyId={remove.isPending ? (remove.variables ?? null) : null}
          />
        )}
      </ListPage>

      <ProductFormDialog
        open={editing !== null}
        product={editing?.product ?? null}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          setEditing(null);
          setReveal(saved.id);
          setNotice({ tone: 'success', text: `Product "${saved.name}" ${created ? 'added' : 'saved'}.` });
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
    </>
  );
}
