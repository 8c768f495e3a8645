import { PRODUCT_QUANTITY_MAX, PRODUCT_QUANTITY_MIN } from '@shared/constants';
import { messages } from '@shared/messages';
import { isPopularBrand } from '@shared/rules/catalogue';
import { expirationMonthsFor, minimumExpirationDate } from '@shared/rules/expiration';
import { formatMoney, lineTotal } from '@shared/rules/money';
import { productIdFromSlug, productPath, productSlug } from '@shared/rules/slug';
import type { Product } from '@shared/schemas/product';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  AlertIcon,
  ArrowLeftIcon,
  ArrowRightIcon,
  BoxIcon,
  CartIcon,
  CheckCircleIcon,
  InfoIcon,
  SearchIcon,
} from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { ProductImage } from '../../components/product-image';
import { StatePanel } from '../../components/state-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { analytics } from '../../lib/analytics';
import { isApiError } from '../../lib/api-client';
import { cartActions } from '../../lib/cart/cart-store';
import { useSettings } from '../../lib/settings/settings-context';
import { paths, productTitle } from '../../paths';
import { useProduct } from './api/get-product';
import './product.css';

const QUANTITY_CHOICES = Array.from(
  { length: PRODUCT_QUANTITY_MAX - PRODUCT_QUANTITY_MIN + 1 },
  (_, i) => PRODUCT_QUANTITY_MIN + i,
);

function ProductNotFound() {
  return (
    <div className="container page-section">
      <StatePanel icon={<SearchIcon size={32} />} title={messages.product.notFound} headingLevel={1}>
        <Link to={paths.products.path} className="btn btn--primary">
          <ArrowLeftIcon size={18} />
          Return to Products
        </Link>
      </StatePanel>
    </div>
  );
}

function Breadcrumbs({ current }: { current: string }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        <li>
          <Link to={paths.home.path}>Home</Link>
        </li>
        <li>
          <Link to={paths.products.path}>Products</Link>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}

function ExpirationNote({ product }: { product: Product }) {
  const settings = useSettings();
  const date = minimumExpirationDate(product.productType, settings);
  const months = expirationMonthsFor(product.productType, settings);
  return (
    <div className="notice notice--info product-detail__note">
      <InfoIcon size={20} />
      <div>
        {date ? (
          <p>
            <strong>Minimum expiration date: {date}</strong> ({months} months from today). Products must
            expire after this date to receive full value.
          </p>
        ) : (
          <p>Boxes must be sealed, unopened and in their original packaging to receive full value.</p>
        )}
        <p>
          New to selling? <Link to={paths.howItWorks.path}>See how it works</Link>.
        </p>
      </div>
    </div>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const [quantity, setQuantity] = useState(PRODUCT_QUANTITY_MIN);
  const [added, setAdded] = useState(false);
  const quantityId = useId();
  const popular = isPopularBrand(product.brand);

  const addToCart = () => {
    cartActions.add(
      {
        id: product.id,
        name: product.name,
        brand: product.brand,
        imageUrl: product.imageUrl,
        buybackPrice: product.buybackPrice,
      },
      quantity,
    );
    analytics.addToCart({
      id: product.id,
      name: product.name,
      brand: product.brand,
      price: product.buybackPrice,
      quantity,
    });
    setAdded(true);
  };

  return (
    <div className="container page-section product-detail">
      <Breadcrumbs current={product.name} />
      <div className="product-detail__grid">
        <div className="product-detail__media">
          <ProductImage src={product.imageUrl} alt={product.name} eager />
          {popular && <span className="badge badge--accent product-detail__badge">Popular</span>}
        </div>

        <div className="product-detail__info">
          <p className="product-detail__brand">{product.brand}</p>
          <h1 className="product-detail__name">{product.name}</h1>
          <ul className="product-detail__meta">
            {product.boxCount !== null && (
              <li>
                <BoxIcon size={18} />
                {product.boxCount} per box
              </li>
            )}
            <li className={product.inStock ? 'is-positive' : 'is-negative'}>
              {product.inStock ? <CheckCircleIcon size={18} /> : <AlertIcon size={18} />}
              {product.inStock ? 'We are buying this product' : 'Not buying at the moment'}
            </li>
          </ul>
          {product.description && <p className="product-detail__description">{product.description}</p>}

          <div className="card purchase-box">
            <div className="purchase-box__row">
              <div className="field">
                <label htmlFor={quantityId}>Quantity (boxes)</label>
                <select
                  id={quantityId}
                  value={quantity}
                  disabled={!product.inStock}
                  onChange={(event) => {
                    setQuantity(Number(event.target.value));
                    setAdded(false);
                  }}
                >
                  {QUANTITY_CHOICES.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
              <div className="purchase-box__earn">
                <span className="purchase-box__earn-label">You'll Earn</span>
                <span className="purchase-box__earn-value">
                  {formatMoney(lineTotal(product.buybackPrice, quantity))}
                </span>
                <span className="purchase-box__unit">{formatMoney(product.buybackPrice)} per box</span>
              </div>
            </div>

            {added ? (
              <>
                <p className="purchase-box__added" role="status">
                  <CheckCircleIcon size={20} />
                  Added to your cart
                </p>
                <div className="button-row">
                  <Link to={paths.products.path} className="btn btn--secondary">
                    Sell More
                  </Link>
                  <Link to={paths.cart.path} className="btn btn--primary">
                    Go to Cart
                    <ArrowRightIcon size={18} />
                  </Link>
                </div>
              </>
            ) : (
              <button
                type="button"
                className="btn btn--primary btn--lg btn--block"
                disabled={!product.inStock}
                onClick={addToCart}
              >
                {product.inStock && <CartIcon size={20} />}
                {product.inStock ? 'Add to Cart' : 'Out of Stock'}
              </button>
            )}
          </div>

          <ExpirationNote product={product} />
        </div>
      </div>
    </div>
  );
}

/** `/products/{name-slug}-{uuid}`: found by the uuid; a non-canonical slug is replaced by the canonical one. */
export function ProductPage() {
  const { slug = '' } = useParams();
  const id = productIdFromSlug(slug);
  const query = useProduct(id);
  const navigate = useNavigate();
  const product = query.data;
  usePageTitle(product ? productTitle(product.name) : null);

  useEffect(() => {
    if (product && productSlug(product) !== slug) navigate(productPath(product), { replace: true });
  }, [product, slug, navigate]);

  if (id === null) return <ProductNotFound />;
  if (product) return <ProductDetail key={product.id} product={product} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <ProductNotFound />;
    return (
      <div className="container page-section">
        <StatePanel
          icon={<AlertIcon size={32} />}
          title={messages.product.error}
          headingLevel={1}
          tone="error"
        >
          <Link to={paths.products.path} className="btn btn--secondary">
            <ArrowLeftIcon size={18} />
            Return to Products
          </Link>
        </StatePanel>
      </div>
    );
  }
  return (
    <div className="container page-section">
      <LoadingState message={messages.product.loading} />
    </div>
  );
}
