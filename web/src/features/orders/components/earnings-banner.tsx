import { formatMoney } from '@shared/rules/money';
import { DollarIcon } from '../../../components/icons';

/** Stays under the header while the seller scrolls the form: what this sale earns. */
export function EarningsBanner({ total }: { total: number }) {
  return (
    <div className="earnings-banner">
      <div className="container earnings-banner__inner">
        <span className="earnings-banner__icon" aria-hidden="true">
          <DollarIcon size={18} />
        </span>
        <p className="earnings-banner__text">
          Your earnings: <strong data-testid="checkout-earnings">{formatMoney(total)}</strong>
        </p>
        <p className="earnings-banner__sub">Free shipping · Paid within 36 hours of arrival</p>
      </div>
    </div>
  );
}
