import { LABEL_VALIDITY_DAYS } from '@shared/constants';
import { trackingMessages } from '@shared/messages';
import { formatDateTime } from '@shared/rules/date-format';
import { formatMoney } from '@shared/rules/money';
import { payoutMethodLabel } from '@shared/rules/payout';
import { isCancelledStatus } from '@shared/rules/tracking';
import type { InspectionView } from '@shared/schemas/inspection';
import type { OrderConfirmation } from '@shared/schemas/order';
import { useState } from 'react';
import { Link } from 'react-router';
import { AlertIcon, BoxIcon, CheckCircleIcon, ClipboardIcon, PhoneIcon } from '../../../components/icons';
import { supportPhone } from '../../../lib/contact-links';
import { useSettings } from '../../../lib/settings/settings-context';
import { contactHref, paths } from '../../../paths';
import { InspectionSection } from './inspection-section';
import { ShippingLabel } from './shipping-label';
import { SupportDialog } from './support-dialog';
import '../../../components/summary-total.css';
import '../../../components/confirmation-facts.css';
import '../../../components/check-list.css';

const SHIPPING_TIPS = [
  'Pack the boxes snugly in a sturdy shipping box, with padding so nothing shifts.',
  'Keep the boxes sealed: do not open them or remove any labels.',
  'Put a copy of your order number inside the box.',
  'Tape the prepaid label flat on the top of the box, and cover or remove any old labels.',
  `Drop the box off within ${LABEL_VALIDITY_DAYS} days: the prepaid label expires after that.`,
] as const;

/**
 * The confirmation itself: order number, items, total, the label and what to do next; once the box is inspected
 * (the secret link's answer carries it), the inspection first, with the seller's answer (`token`).
 */
export function OrderConfirmationView({
  order,
  token,
}: {
  order: OrderConfirmation & { inspection?: InspectionView };
  token?: string | null;
}) {
  const settings = useSettings();
  const [supportOpen, setSupportOpen] = useState(false);
  const phone = supportPhone(settings);
  const placed = formatDateTime(order.createdAt);
  // A cancelled order is not to be shipped: no label, no shipping instructions.
  const cancelled = isCancelledStatus(order.status);

  return (
    <div className="confirmation-page">
      <section className="confirmation-hero">
        <div className="container">
          {cancelled ? (
            <>
              <span className="confirmation-hero__icon confirmation-hero__icon--cancelled" aria-hidden="true">
                <AlertIcon size={36} />
              </span>
              <h1>{trackingMessages.cancelledTitle}</h1>
              <p className="confirmation-hero__lead">{trackingMessages.cancelledText}</p>
            </>
          ) : (
            <>
              <span className="confirmation-hero__icon" aria-hidden="true">
                <CheckCircleIcon size={36} />
              </span>
              <h1>IT'S TIME TO SHIP!</h1>
              <p className="confirmation-hero__lead">
                Thank you, {order.customer.firstName}. Your sale is confirmed: ship your box with the free
                prepaid label and we pay you within 36 hours of its arrival.
              </p>
            </>
          )}
          <p className="confirmation-hero__number">
            Order number <strong data-testid="order-number">{order.orderId}</strong>
          </p>
        </div>
      </section>

      <div className="container confirmation-layout">
        <div className="confirmation-main">
          {order.inspection && (
            <InspectionSection
              inspection={order.inspection}
              token={token}
              className="card confirmation-card"
            />
          )}
          <section className="card confirmation-card" aria-labelledby="order-items-title">
            <h2 id="order-items-title" className="confirmation-card__title">
              <ClipboardIcon size={22} className="confirmation-card__icon" />
              Order Details
            </h2>
            <dl className="confirmation-facts">
              <div>
                <dt>Order number</dt>
                <dd>{order.orderId}</dd>
              </div>
              {placed && (
                <div>
                  <dt>Placed</dt>
                  <dd>{placed}</dd>
                </div>
              )}
              <div>
                <dt>Payout method</dt>
                <dd>{payoutMethodLabel(order.paymentMethod)}</dd>
              </div>
            </dl>
            <ul className="confirmation-items">
              {order.items.map((item) => (
                <li key={item.productId} className="confirmation-items__row">
                  <span className="confirmation-items__name">{item.name}</span>
                  <span className="confirmation-items__qty">
                    {item.quantity} × {formatMoney(item.price)}
                  </span>
                  <span className="confirmation-items__amount">{formatMoney(item.lineTotal)}</span>
                </li>
              ))}
            </ul>
            <div className="summary-total">
              <span>Total Earnings</span>
              <span className="summary-total__value" data-testid="order-total">
                {formatMoney(order.total)}
              </span>
            </div>
          </section>

          {!cancelled && (
            <>
              <div className="notice notice--warning">
                <BoxIcon size={20} />
                <div>
                  <h3>Only ship the items in this order</h3>
                  <p>
                    Your box must contain only the items listed above. Anything else may delay your payment or
                    be rejected.
                  </p>
                </div>
              </div>

              <ShippingLabel order={order} />

              <section className="card confirmation-card" aria-labelledby="tips-title">
                <h2 id="tips-title" className="confirmation-card__title">
                  <BoxIcon size={22} className="confirmation-card__icon" />
                  Shipping Tips
                </h2>
                <ul className="check-list confirmation-tips">
                  {SHIPPING_TIPS.map((tip) => (
                    <li key={tip}>
                      <CheckCircleIcon size={20} className="confirmation-tips__icon" />
                      {tip}
                    </li>
                  ))}
                </ul>
              </section>
            </>
          )}
        </div>

        <aside className="card confirmation-card confirmation-help" aria-labelledby="help-title">
          <h2 id="help-title" className="confirmation-card__title">
            <PhoneIcon size={22} className="confirmation-card__icon" />
            Need help?
          </h2>
          <p className="confirmation-help__text">
            Questions about your order, the label or your payment? We are here to help.
          </p>
          <button
            type="button"
            className="btn btn--primary btn--block confirmation-help__button"
            onClick={() => setSupportOpen(true)}
          >
            Contact Support
          </button>
          <ul className="confirmation-help__links">
            <li>
              <Link to={paths.orderStatus.path}>Track your order</Link>
            </li>
            <li>
              <Link to={contactHref(order.orderId)}>Contact Us</Link>
            </li>
          </ul>
        </aside>
      </div>

      <SupportDialog
        open={supportOpen}
        onClose={() => setSupportOpen(false)}
        orderNumber={order.orderId}
        phone={phone}
      />
    </div>
  );
}
