import { minimumExpirationDate } from '@shared/rules/expiration';
import { formatMoney } from '@shared/rules/money';
import { productPath } from '@shared/rules/slug';
import type { Product } from '@shared/schemas/product';
import { Link } from 'react-router';
import { BoxIcon, CalendarIcon } from '../../../components/icons';
import { ProductImage } from '../../../components/product-image';
import { useSettings } from '../../../lib/settings/settings-context';

interface ProductCardProps {
  product: Product;
  popular: boolean;
}

/** A catalogue card; the whole card is one link to the product's canonical page. */
export function ProductCard({ product, popular }: ProductCardProps) {
  const settings = useSettings();
  const minExpiry = minimumExpirationDate(product.productType, settings);
  return (
    <article className="product-card" data-testid="product-card">
      <div className="product-card__media">
        <ProductImage src={product.imageUrl} alt={product.name} />
        <div className="product-card__badges">
          {popular && <span className="badge badge--accent">Popular</span>}
          {!product.inStock && <span className="badge badge--muted">Out of Stock</span>}
        </div>
      </div>
      <div className="product-card__body">
        <p className="product-card__brand">{product.brand}</p>
        <h4 className="product-card__name">
          <Link to={productPath(product)} className="product-card__link">
            {product.name}
          </Link>
        </h4>
        <ul className="product-card__meta">
          {product.boxCount !== null && (
            <li>
              <BoxIcon size={16} />
              {product.boxCount} per box
            </li>
          )}
          {minExpiry && (
            <li>
              <CalendarIcon size={16} />
              <span>
                Min. expiration: <span className="product-card__meta-value">{minExpiry}</span>
              </span>
            </li>
          )}
        </ul>
      </div>
      <div className="product-card__price">
        <span className="product-card__price-label">You Earn</span>
        <span className="product-card__price-value">{formatMoney(product.buybackPrice)}</span>
      </div>
    </article>
  );
}
