import { messages } from '@shared/messages';
import type { CartItem } from '@shared/rules/cart';
import type { CheckedCart } from '@shared/rules/cart-catalogue';
import { formatMoney, lineTotal } from '@shared/rules/money';
import { Link } from 'react-router';
import { unavailableLabel } from '../../../components/cart/cart-line';
import { ArrowRightIcon } from '../../../components/icons';
import { analytics, cartAnalyticsItems } from '../../../lib/analytics';
import { paths } from '../../../paths';
import '../../../components/summary-total.css';

interface OrderSummaryProps {
  items: CartItem[];
  /** What the sellable lines earn. */
  total: number;
  checked: CheckedCart | null;
  /** The notice naming the lines that hold checkout back. */
  unavailableId: string;
}

/**
 * Each line as 'name × quantity' with its amount, the total as 'Potential Earnings', and the way on; held back
 * while a line cannot be sold (the server would refuse it).
 */
export function OrderSummary({ items, total, checked, unavailableId }: OrderSummaryProps) {
  const availability = new Map(checked?.lines.map((l) => [l.item.product.id, l.availability]));
  const blocked = (checked?.unavailable.length ?? 0) > 0;
  return (
    <aside className="card order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="order-summary__title">
        Order Summary
      </h2>
      <ul className="summary-lines">
        {items.map(({ product, quantity }) => (
          <li key={product.id} className="summary-lines__item">
            <span>
              {product.name} × {quantity}
            </span>
            <span className="summary-lines__amount">
              {unavailableLabel(availability.get(product.id)) ??
                formatMoney(lineTotal(product.buybackPrice, quantity))}
            </span>
          </li>
        ))}
      </ul>
      <div className="summary-total">
        <span>Potential Earnings</span>
        <span className="summary-total__value" data-testid="cart-total">
          {formatMoney(total)}
        </span>
      </div>
      {blocked ? (
        <>
          <button
            type="button"
            className="btn btn--primary btn--lg btn--block"
            disabled
            aria-describedby={unavailableId}
          >
            Proceed to Checkout
            <ArrowRightIcon size={18} />
          </button>
          <p className="cart-check__blocked-note">{messages.cart.unavailableTitle}</p>
        </>
      ) : (
        <Link
          to={paths.checkout.path}
          className="btn btn--primary btn--lg btn--block"
          onClick={() => analytics.beginCheckout(cartAnalyticsItems(items))}
        >
          Proceed to Checkout
          <ArrowRightIcon size={18} />
        </Link>
      )}
      <p className="order-summary__note">Free prepaid shipping label. Paid within 36 hours of arrival.</p>
    </aside>
  );
}
