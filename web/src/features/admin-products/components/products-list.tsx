import { formatMoney } from '@shared/rules/money';
import type { Product } from '@shared/schemas/product';
import { ImageIcon } from '../../../components/icons';

interface ProductsListProps {
  products: Product[];
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

/**
 * The products as a table where there is room and as cards where there is not (a container query picks one;
 * the other is display:none, so nobody meets the same product twice).
 */
export function ProductsList({ products, onEdit, onDelete, busyId }: ProductsListProps) {
  return (
    <>
      <div className="admin-products__table-wrap">
        <table className="admin-products__table">
          <caption className="visually-hidden">Products</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Image</span>
              </th>
              <th scope="col">ID</th>
              <th scope="col">Product</th>
              <th scope="col">Brand</th>
              <th scope="col">Type</th>
              <th scope="col" className="admin-products__num">
                Price
              </th>
              <th scope="col" className="admin-products__num">
                Boxes
              </th>
              <th scope="col">Stock</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((p) => (
              <tr key={p.id}>
                <td>
                  <Thumb product={p} />
                </td>
                <td>{p.productId}</td>
                <th scope="row" className="admin-products__name">
                  {p.name}
                  {p.description && <span className="admin-products__desc">{p.description}</span>}
                </th>
                <td>{p.brand}</td>
                <td>
                  {p.productType}
                  {p.productType === 'Other' && p.expirationMonths && (
                    <span className="admin-products__desc">{expiration(p)}</span>
                  )}
                </td>
                <td className="admin-products__num">{formatMoney(p.buybackPrice)}</td>
                <td className="admin-products__num">{p.boxCount ?? '—'}</td>
                <td>
                  <StockBadge inStock={p.inStock} />
                </td>
                <td>
                  <Actions product={p} onEdit={onEdit} onDelete={onDelete} busy={busyId === p.id} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="admin-products__cards" aria-label="Products">
        {products.map((p) => (
          <li key={p.id} className="admin-products__card">
            <div className="admin-products__card-head">
              <Thumb product={p} />
              <div>
                <h2 className="admin-products__card-title">{p.name}</h2>
                <p className="admin-products__card-sub">
                  #{p.productId} · {p.brand}
                </p>
              </div>
            </div>
            <dl className="admin-products__card-facts">
              <div>
                <dt>Price</dt>
                <dd>{formatMoney(p.buybackPrice)}</dd>
              </div>
              <div>
                <dt>Type</dt>
                <dd>{p.productType}</dd>
              </div>
              <div>
                <dt>Boxes</dt>
                <dd>{p.boxCount ?? '—'}</dd>
              </div>
              <div>
                <dt>Stock</dt>
                <dd>
                  <StockBadge inStock={p.inStock} />
                </dd>
              </div>
            </dl>
            <Actions product={p} onEdit={onEdit} onDelete={onDelete} busy={busyId === p.id} />
          </li>
        ))}
      </ul>
    </>
  );
}
