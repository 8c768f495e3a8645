import { formatDateTime } from '@shared/rules/date-format';
import { formatMoney } from '@shared/rules/money';
import { payoutMethodLabel } from '@shared/rules/payout';
import { PAYOUT_METHODS } from '@shared/rules/settings-defaults';
import { type TrackingTone, trackingCopy, trackingSteps } from '@shared/rules/tracking';
import type { OrderTrackingView } from '@shared/schemas/inspection';
import { type ReactNode, useEffect, useRef } from 'react';
import {
  AlertIcon,
  ArrowLeftIcon,
  BoxIcon,
  CheckCircleIcon,
  ClipboardIcon,
  ClockIcon,
  DollarIcon,
  ImageIcon,
  InfoIcon,
  TruckIcon,
} from '../../../components/icons';
import { ShippingTimeline } from '../../../components/shipping-timeline';
import { InspectionSection } from './inspection-section';
import { OrderImages } from './order-images';
import { OrderProgress } from './order-progress';
import { SupportBar } from './support-bar';
import '../orders.css';
import '../../../components/order-table.css';

const STATUS_ICONS: Record<TrackingTone, ReactNode> = {
  pending: <BoxIcon size={32} />,
  processing: <ClockIcon size={32} />,
  completed: <CheckCircleIcon size={32} />,
  cancelled: <AlertIcon size={32} />,
  other: <InfoIcon size={32} />,
};

/** Payout keys read as their labels ('achWire' is 'ACH/Wire Transfer'); free text staff typed stays as is. */
const methodLabel = (method: string): string =>
  (PAYOUT_METHODS as readonly string[]).includes(method) ? payoutMethodLabel(method) : method;

function Section({
  id,
  title,
  icon,
  wide = false,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  /** Spans both columns of the section grid. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`card order-section${wide ? ' order-section--wide' : ''}`} aria-labelledby={id}>
      <h2 id={id} className="order-section__title">
        <span className="order-section__icon">{icon}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function OrderView({ order, onBack }: { order: OrderTrackingView; onBack: () => void }) {
  const copy = trackingCopy(order.status);
  const steps = trackingSteps(order.status, order.paymentStatus);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const paid = order.paymentStatus === 'Paid';

  // The view replaces the form: start at its top and tell screen readers where they are.
  useEffect(() => {
    window.scrollTo(0, 0);
    headingRef.current?.focus();
  }, []);

  return (
    <div className="order-view">
      <div className="container order-view__inner">
        <button type="button" className="btn btn--secondary order-view__back" onClick={onBack}>
          <ArrowLeftIcon size={18} />
          Back
        </button>

        <section
          className={`card order-status-card order-status-card--${copy.tone}`}
          aria-labelledby="order-status-title"
        >
          <span className="order-status-card__icon">{STATUS_ICONS[copy.tone]}</span>
          <div className="order-status-card__body">
            <p className="order-status-card__number">
              Order <strong>{order.orderNumber}</strong>
            </p>
            <h1 id="order-status-title" ref={headingRef} tabIndex={-1} className="order-status-card__title">
              {copy.title}
            </h1>
            <p className="order-status-card__text">{copy.description}</p>
            <p className="order-status-card__meta">
              Placed on {formatDateTime(order.createdAt)} · Total {formatMoney(order.total)}
            </p>
          </div>
          <OrderProgress steps={steps} />
        </section>

        {/* No token here (order number and e-mail): the inspection is read-only; the e-mail's link answers. */}
        {order.inspection && (
          <InspectionSection inspection={order.inspection} className="card order-section" />
        )}

        <div className="order-sections">
          {order.timeline.length > 0 && (
            <Section id="order-shipping-title" title="Shipping updates" icon={<TruckIcon size={20} />} wide>
              <ShippingTimeline entries={order.timeline} labelledBy="order-shipping-title" />
            </Section>
          )}

          <Section id="order-payment-title" title="Payment" icon={<DollarIcon size={20} />}>
            <p className="order-payment-status">
              Payment status:{' '}
              <span className={`badge ${paid ? 'badge--paid' : 'badge--unpaid'}`}>{order.paymentStatus}</span>
            </p>
            <h3 className="order-subtitle">Payment history</h3>
            {order.paymentLog.length === 0 ? (
              <p className="order-empty">No payments have been recorded yet.</p>
            ) : (
              <table className="order-table">
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Method</th>
                    <th scope="col" className="order-table__amount">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.paymentLog.map((payment, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that never reorders; entries may repeat.
                    <tr key={`${payment.timestamp}-${index}`}>
                      <td>
                        <time dateTime={payment.timestamp}>{formatDateTime(payment.timestamp)}</time>
                      </td>
                      <td>{methodLabel(payment.method)}</td>
                      <td className="order-table__amount">
                        {payment.amount === undefined ? '—' : formatMoney(payment.amount)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Section>

          <Section id="order-notes-title" title="Order notes" icon={<ClipboardIcon size={20} />}>
            {order.notes.length === 0 ? (
              <p className="order-empty">No notes on this order yet.</p>
            ) : (
              <ul className="order-notes">
                {order.notes.map((note, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that never reorders; entries may repeat.
                  <li key={`${note.created_at}-${index}`} className="order-note">
                    <p className="order-note__content">{note.content}</p>
                    <time className="order-note__date" dateTime={note.created_at}>
                      {formatDateTime(note.created_at)}
                    </time>
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section id="order-images-title" title="Order images" icon={<ImageIcon size={20} />}>
            <OrderImages images={order.images} />
          </Section>
        </div>
      </div>
      <SupportBar orderNumber={order.orderNumber} />
    </div>
  );
}
