import { formatMoney } from '@shared/rules/money';
import type { Product } from '@shared/schemas/product';
import { ImageIcon } from '../../../components/icons';
import { type CardLayout, type Column, DataTable } from '../../../components/list/data-table';

interface ProductsListProps {
  products: readonly Product[];
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
  /** The product whose delete is under way: its buttons wait. */
  busyId: string | null;
}

function Thumb({ product }: { product: Product }) {
  return product.imageUrl ? (
    <img
      className="admin-products__thumb"
      src={product.imageUrl}
      alt=""
      loading="lazy"
      width={48}
      height={48}
    />
  ) : (
    <span className="admin-products__thumb admin-products__thumb--none" aria-hidden="true">
      <ImageIcon size={20} />
    </span>
  );
}

function StockBadge({ inStock }: { inStock: boolean }) {
  return (
    <span className={`admin-products__stock admin-products__stock--${inStock ? 'in' : 'out'}`}>
      {inStock ? 'In Stock' : 'Out of Stock'}
    </span>
  );
}

const expiration = (p: Product) => (p.expirationMonths ? `${p.expirationMonths} months` : '—');

function Actions({
  product,
  onEdit,
  onDelete,
  busy,
}: { product: Product; busy: boolean } & Pick<ProductsListProps, 'onEdit' | 'onDelete'>) {
  return (
    <div className="admin-products__actions">
      <button type="button" className="btn btn--secondary" onClick={() => onEdit(product)} disabled={busy}>
        Edit<span className="visually-hidden"> {product.name}</span>
      </button>
      <button
        type="button"
        className="btn btn--danger-outline"
        onClick={() => onDelete(product)}
        disabled={busy}
      >
        {busy ? 'Deleting...' : 'Delete'}
        <span className="visually-hidden"> {product.name}</span>
      </button>
    </div>
  );
}

const COLUMNS: ReadonlyArray<Column<Product>> = [
  { key: 'image', header: 'Image', hideHeader: true, cell: (p) => <Thumb product={p} /> },
  { key: 'id', header: 'ID', cell: (p) => p.productId },
  {
    key: 'name',
    header: 'Product',
    rowHeader: true,
    className: 'admin-products__name',
    cell: (p) => (
      <>
        {p.name}
        {p.description && <span className="admin-products__desc">{p.description}</span>}
      </>
    ),
  },
  { key: 'brand', header: 'Brand', cell: (p) => p.brand },
  {
    key: 'type',
    header: 'Type',
    cell: (p) => (
      <>
        {p.productType}
        {p.productType === 'Other' && p.expirationMonths && (
          <span className="admin-products__desc">{expiration(p)}</span>
        )}
      </>
    ),
  },
  { key: 'price', header: 'Price', numeric: true, cell: (p) => formatMoney(p.buybackPrice) },
  { key: 'boxes', header: 'Boxes', numeric: true, cell: (p) => p.boxCount ?? '—' },
  { key: 'stock', header: 'Stock', cell: (p) => <StockBadge inStock={p.inStock} /> },
];

/** The products through the list kit: a table where there is room, cards where there is not. */
export function ProductsList({ products, onEdit, onDelete, busyId }: ProductsListProps) {
  const actions = (p: Product) => (
    <Actions product={p} onEdit={onEdit} onDelete={onDelete} busy={busyId === p.id} />
  );
  const card: CardLayout<Product> = {
    lead: (p) => <Thumb product={p} />,
    title: (p) => p.name,
    sub: (p) => `#${p.productId} · ${p.brand}`,
    facts: ['price', 'type', 'boxes', 'stock'],
    actions,
  };
  return (
    <DataTable
      rows={products}
      rowKey={(p) => p.id}
      columns={[...COLUMNS, { key: 'actions', header: 'Actions', hideHeader: true, cell: actions }]}
      card={card}
      caption="Products"
      wide
    />
  );
}
