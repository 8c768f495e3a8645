import type { CartItem } from '@shared/rules/cart';
import { formatMoney, lineTotal } from '@shared/rules/money';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../../components/icons';
import { analytics, cartAnalyticsItems } from '../../../lib/analytics';
import { paths } from '../../../paths';

interface OrderSummaryProps {
  items: CartItem[];
  total: number;
}

/** Each line as 'name × quantity' with its amount, the total as 'Potential Earnings', and the way on. */
export function OrderSummary({ items, total }: OrderSummaryProps) {
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
              {formatMoney(lineTotal(product.buybackPrice, quantity))}
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
      <Link
        to={paths.checkout.path}
        className="btn btn--primary btn--lg btn--block"
        onClick={() => analytics.beginCheckout(cartAnalyticsItems(items))}
      >
        Proceed to Checkout
        <ArrowRightIcon size={18} />
      </Link>
      <p className="order-summary__note">Free prepaid shipping label. Paid within 36 hours of arrival.</p>
    </aside>
  );
}
