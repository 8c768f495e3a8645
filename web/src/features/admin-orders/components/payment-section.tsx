import { adminOrderMessages as m } from '@shared/messages';
import { paymentDetailLabel, paymentMethodLabel, validatePaymentForm } from '@shared/rules/admin-order-forms';
import { formatDateTime } from '@shared/rules/date-format';
import { formatMoney } from '@shared/rules/money';
import { newestFirst } from '@shared/rules/text-order';
import {
  ADMIN_PAYMENT_METHOD_LABELS,
  ADMIN_PAYMENT_METHODS,
  type AdminOrderDetail,
} from '@shared/schemas/admin-orders';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { SelectField, TextAreaField, TextField } from '../../../components/form/field';
import { DollarIcon } from '../../../components/icons';
import { useLogPayment } from '../api/log-payment';
import { useRevealPayoutDetails } from '../api/reveal-payout-details';
import { DetailSection } from './detail-section';
import { Feedback, refusalMessage } from './feedback';

function LogPaymentForm({ orderId }: { orderId: string }) {
  const id = useId();
  const mutation = useLogPayment(orderId);
  const [amount, setAmount] = useState('');
  // A number field holding text it cannot read reports '' as its value: remember that it is not empty.
  const [amountUnreadable, setAmountUnreadable] = useState(false);
  const [method, setMethod] = useState('');
  const [notes, setNotes] = useState('');
  const [feedback, setFeedback] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const ready = (amount.trim() !== '' || amountUnreadable) && method !== '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validatePaymentForm({ amount, method, notes, amountUnreadable });
    if (!checked.ok) {
      setFeedback({ tone: 'error', text: checked.message });
      return;
    }
    setFeedback(null);
    mutation.mutate(checked.value, {
      onSuccess: () => {
        setAmount('');
        setAmountUnreadable(false);
        setMethod('');
        setNotes('');
        setFeedback({
          tone: 'success',
          text: `Payment of ${formatMoney(checked.value.amount)} logged.`,
        });
      },
      onError: () => setFeedback({ tone: 'error', text: m.paymentFailed }),
    });
  };

  return (
    <form className="aod-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="aod-subtitle">
        Log a payment
      </h3>
      <div className="aod-form__grid">
        <TextField
          id={`${id}-amount`}
          label="Amount (USD)"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          // React fires no change while the value stays '', as it does when typed text is unreadable.
          onInput={(event) => setAmountUnreadable(event.currentTarget.validity.badInput)}
          data-testid="payment-amount"
        />
        <SelectField
          id={`${id}-method`}
          label="Payment method"
          value={method}
          onChange={(event) => setMethod(event.target.value)}
          data-testid="payment-method"
        >
          <option value="">Select a method</option>
          {ADMIN_PAYMENT_METHODS.map((value) => (
            <option key={value} value={value}>
              {ADMIN_PAYMENT_METHOD_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          id={`${id}-notes`}
          label="Payment notes (optional)"
          className="aod-form__full"
          rows={2}
          maxLength={1000}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      </div>
      <button
        type="submit"
        className="btn btn--primary aod-btn--compact"
        disabled={!ready || mutation.isPending}
        data-testid="log-payment"
      >
        {mutation.isPending && <span className="spinner spinner--inline" aria-hidden="true" />}
        {mutation.isPending ? 'Logging...' : 'Log Payment'}
      </button>
      {feedback && (
        <Feedback tone={feedback.tone} testId="payment-feedback">
          {feedback.text}
        </Feedback>
      )}
    </form>
  );
}

/**
 * The seller's payout details: masked as the order arrives (`••••6789`), in full after Reveal, which the server
 * writes to the activity log. The revealed values live only in this component's state; the announcement and
 * the values sit in a polite live region, and focus stays on the region once the button is gone.
 */
function PayoutDetails({ order }: { order: AdminOrderDetail }) {
  const id = useId();
  const reveal = useRevealPayoutDetails(order.orderId);
  const revealed = reveal.data?.paymentDetails ?? null;
  const shown = revealed ?? order.paymentDetails;
  const details = Object.entries(shown);
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (revealed) regionRef.current?.focus();
  }, [revealed]);

  return (
    <>
      <h3 id={`${id}-title`} className="aod-subtitle">
        Payment details
      </h3>
      <section
        ref={regionRef}
        aria-live="polite"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        data-testid="payment-details-region"
      >
        {details.length > 0 ? (
          <dl className="aod-facts" data-testid="payment-details" data-revealed={revealed ? 'true' : 'false'}>
            {details.map(([key, value]) => (
              <div key={key}>
                <dt>{paymentDetailLabel(key)}</dt>
                <dd className="aod-break">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="aod-muted">No payment details were given.</p>
        )}
        {revealed && (
          <p className="aod-muted" data-testid="payout-revealed">
            {m.payoutRevealed}
          </p>
        )}
      </section>
      {!revealed && details.length > 0 && (
        <button
          type="button"
          className="btn btn--secondary aod-btn--compact"
          onClick={() => reveal.mutate()}
          disabled={reveal.isPending}
          aria-describedby={`${id}-title`}
          data-testid="reveal-payout"
        >
          {reveal.isPending && <span className="spinner spinner--inline" aria-hidden="true" />}
          {reveal.isPending ? m.revealingPayout : m.revealPayout}
          <span className="visually-hidden"> payout details</span>
        </button>
      )}
      {reveal.isError && (
        <Feedback tone="error" testId="reveal-feedback">
          {refusalMessage(reveal.error, m.revealFailed)}
        </Feedback>
      )}
    </>
  );
}

/** Spec 001 §2, §4, §5: what was paid and how, what is still owed, the seller's payout details, and the log. */
export function PaymentSection({ order }: { order: AdminOrderDetail }) {
  const paid = order.paymentStatus === 'Paid';
  const history = [...order.paymentLog].sort((a, b) => newestFirst(a.timestamp, b.timestamp));

  return (
    <DetailSection id="order-payment" title="Payment Information" icon={<DollarIcon size={20} />}>
      <dl className="aod-facts">
        <div>
          <dt>Total amount</dt>
          <dd>{formatMoney(order.total)}</dd>
        </div>
        <div>
          <dt>Amount paid</dt>
          <dd data-testid="amount-paid">{formatMoney(order.paidAmount)}</dd>
        </div>
        <div>
          <dt>Balance due</dt>
          <dd>
            <span
              className={paid ? 'aod-balance aod-balance--paid' : 'aod-balance aod-balance--due'}
              data-testid="balance-due"
            >
              {formatMoney(order.balanceDue)}
              <span className="aod-balance__state"> ({order.paymentStatus})</span>
            </span>
          </dd>
        </div>
        <div>
          <dt>Payment method</dt>
          <dd data-testid="payment-method-value">{paymentMethodLabel(order.paymentMethod) || '—'}</dd>
        </div>
        <div>
          <dt>Payment notes</dt>
          <dd className="aod-pre">{order.paymentNotes || '—'}</dd>
        </div>
        {order.paidAt && (
          <div>
            <dt>Paid at</dt>
            <dd>{formatDateTime(order.paidAt)}</dd>
          </div>
        )}
      </dl>

      <PayoutDetails key={order.orderId} order={order} />

      <LogPaymentForm orderId={order.orderId} />

      <h3 id="payment-history-title" className="aod-subtitle">
        Payment history
      </h3>
      {history.length > 0 ? (
        <div className="aod-table-wrap">
          <table className="order-table aod-table aod-table--stack" data-testid="payment-history">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col" className="aod-num">
                  Amount
                </th>
                <th scope="col">Method</th>
                <th scope="col">Notes</th>
              </tr>
            </thead>
            <tbody>
              {history.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="Date">
                    <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp)}</time>
                  </td>
                  <td className="aod-num" data-label="Amount">
                    {formatMoney(entry.amount)}
                  </td>
                  <td data-label="Method">{paymentMethodLabel(entry.method)}</td>
                  <td className="aod-break" data-label="Notes">
                    {entry.notes || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="aod-muted">No payments logged yet.</p>
      )}
    </DetailSection>
  );
}
