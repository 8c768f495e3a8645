import { MAX_LINE_QUANTITY } from '@shared/constants';
import { messages } from '@shared/messages';
import type { CartItem } from '@shared/rules/cart';
import type { CartLineAvailability, PriceChange } from '@shared/rules/cart-catalogue';
import { formatMoney, lineTotal } from '@shared/rules/money';
import { productPath } from '@shared/rules/slug';
import { Link } from 'react-router';
import { analytics, cartAnalyticsItems } from '../../lib/analytics';
import { cartActions } from '../../lib/cart/cart-store';
import { CloseIcon } from '../icons';
import { ProductImage } from '../product-image';

interface CartLineProps {
  item: CartItem;
  /** Unknown until the catalogue has loaded. */
  availability?: CartLineAvailability;
  priceChange?: PriceChange | null;
}

/** Flag of a line that cannot be sold now. */
export const unavailableLabel = (availability: CartLineAvailability | undefined): string | null =>
  availability === 'outOfStock'
    ? messages.cart.outOfStock
    : availability === 'discontinued'
      ? messages.cart.discontinued
      : null;

/**
 * One cart line: photo, name, brand, quantity stepper, remove, line total and unit price (the catalogue's
 * current one, with what it was when added if it changed), and a flag when it cannot be sold now.
 */
export function CartLine({ item, availability, priceChange }: CartLineProps) {
  const flag = unavailableLabel(availability);
  const { product, quantity } = item;
  const { name } = product;

  const increase = () => {
    cartActions.update(product.id, quantity + 1);
    analytics.addToCart({ ...cartAnalyticsItems([item])[0], quantity: 1 });
  };

  return (
    <li className={flag ? 'cart-line card cart-line--unavailable' : 'cart-line card'} data-testid="cart-line">
      <div className="cart-line__media product-thumb">
        <ProductImage src={product.imageUrl} alt={name} />
      </div>
      <div className="cart-line__info">
        {product.brand && <p className="cart-line__brand">{product.brand}</p>}
        <h2 className="cart-line__name">
          <Link to={productPath(product)}>{name}</Link>
        </h2>
        <p className="cart-line__unit" data-testid="unit-price">
          {formatMoney(product.buybackPrice)} per box
          {priceChange && (
            <span className="cart-check__was">({messages.cart.priceWas(formatMoney(priceChange.from))})</span>
          )}
        </p>
        {flag && <p className="cart-check__flag">{flag}</p>}
      </div>
      <div className="cart-line__controls">
        <fieldset className="quantity-stepper">
          <legend className="visually-hidden">Quantity of {name}</legend>
          <button
            type="button"
            className="quantity-stepper__button"
            aria-label={`Decrease quantity of ${name}`}
            disabled={quantity <= 1}
            onClick={() => cartActions.update(product.id, quantity - 1)}
          >
            <span aria-hidden="true">−</span>
          </button>
          <output className="quantity-stepper__value" aria-live="polite">
            <span className="visually-hidden">Quantity: </span>
            {quantity}
          </output>
          <button
            type="button"
            className="quantity-stepper__button"
            aria-label={`Increase quantity of ${name}`}
            disabled={quantity >= MAX_LINE_QUANTITY}
            onClick={increase}
          >
            <span aria-hidden="true">+</span>
          </button>
        </fieldset>
        <button
          type="button"
          className="link-button cart-line__remove"
          aria-label={`Remove ${name}`}
          onClick={() => cartActions.remove(product.id)}
        >
          <CloseIcon size={16} />
          Remove
        </button>
      </div>
      <div className="cart-line__total">
        <span className="cart-line__total-label">Line total</span>
        <span className="cart-line__total-value" data-testid="line-total">
          {formatMoney(lineTotal(product.buybackPrice, quantity))}
        </span>
      </div>
    </li>
  );
}
