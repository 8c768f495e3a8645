import { messages } from '@shared/messages';
import type { CheckedCart } from '@shared/rules/cart-catalogue';
import { formatMoney } from '@shared/rules/money';
import { Link } from 'react-router';
import { paths } from '../../paths';
import { AlertIcon } from '../icons';
import './cart-check.css';

interface CartCheckNoticeProps {
  checked: CheckedCart | null;
  checking: boolean;
  /** On checkout the seller cannot remove lines there: offer the way back to the cart. */
  linkToCart?: boolean;
  /** Referenced by a disabled action that the unavailable lines hold back. */
  unavailableId?: string;
}

/**
 * Before the seller submits: which prices changed since the items were added (was, now), and which items cannot
 * be sold now. Shown on the cart and on checkout alike.
 */
export function CartCheckNotice({
  checked,
  checking,
  linkToCart = false,
  unavailableId,
}: CartCheckNoticeProps) {
  const m = messages.cart;
  if (checking) {
    return (
      <p className="cart-check__checking" role="status">
        {m.checkingPrices}
      </p>
    );
  }
  if (!checked) return null;
  const { priceChanges, unavailable } = checked;
  return (
    <>
      {unavailable.length > 0 && (
        <div
          id={unavailableId}
          className="notice notice--danger cart-check"
          role="alert"
          data-testid="cart-unavailable-notice"
        >
          <AlertIcon size={20} />
          <div>
            <h2 className="cart-check__title">{m.unavailableTitle}</h2>
            <p>
              {messages.checkout.productUnavailable(unavailable.map((l) => l.item.product.name).join(', '))}
            </p>
            {linkToCart && (
              <p>
                <Link to={paths.cart.path}>{m.reviewCart}</Link>
              </p>
            )}
          </div>
        </div>
      )}
      {priceChanges.length > 0 && (
        <div className="notice notice--warning cart-check" role="status" data-testid="price-change-notice">
          <AlertIcon size={20} />
          <div>
            <h2 className="cart-check__title">{m.pricesChangedTitle}</h2>
            <p>{m.pricesChangedBody}</p>
            <ul className="cart-check__list">
              {priceChanges.map(({ item, priceChange }) => (
                <li key={item.product.id}>
                  {m.priceChanged(
                    item.product.name,
                    formatMoney(priceChange!.from),
                    formatMoney(priceChange!.to),
                  )}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </>
  );
}
