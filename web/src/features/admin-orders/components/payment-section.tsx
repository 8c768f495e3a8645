import { zodResolver } from '@hookform/resolvers/zod';
import { adminOrderMessages as m } from '@shared/messages';
import { paymentDetailLabel, paymentMethodLabel } from '@shared/rules/admin-order-forms';
import { formatDateTime } from '@shared/rules/date-format';
import { formatMoney } from '@shared/rules/money';
import { newestFirst } from '@shared/rules/text-order';
import {
  ADMIN_PAYMENT_METHOD_LABELS,
  ADMIN_PAYMENT_METHODS,
  type AdminOrderDetail,
  type LogPaymentForm,
  type LogPaymentRequest,
  ZLogPaymentForm,
} from '@shared/schemas/admin-orders';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { TextAreaField, TextField } from '../../../components/form/field';
import { RadioGroup } from '../../../components/form/radio-group';
import { DollarIcon } from '../../../components/icons';
import { useLogPayment } from '../api/log-payment';
import { useRevealPayoutDetails } from '../api/reveal-payout-details';
import { DetailSection } from './detail-section';
import { Feedback, refusalMessage } from './feedback';
import '../../../components/order-table.css';

const EMPTY_PAYMENT: LogPaymentForm = { amount: '', amountUnreadable: false, method: '', notes: '' };
const METHOD_OPTIONS = ADMIN_PAYMENT_METHODS.map((value) => ({
  value,
  label: ADMIN_PAYMENT_METHOD_LABELS[value],
}));

/**
 * Spec 001 §5 'Payment logging', on the shared schema: the button waits for an amount and a method; a refused
 * amount or method is announced in the result line under the button, which the field in question names in its
 * description.
 */
function LogPaymentFormSection({ orderId }: { orderId: string }) {
  const id = useId();
  const feedbackId = `${id}-feedback`;
  const mutation = useLogPayment(orderId);
  const [feedback, setFeedback] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    control,
    formState: { errors },
  } = useForm<LogPaymentForm, unknown, LogPaymentRequest>({
    resolver: zodResolver(ZLogPaymentForm),
    defaultValues: EMPTY_PAYMENT,
  });
  const [amount, amountUnreadable, method] = useWatch({
    control,
    name: ['amount', 'amountUnreadable', 'method'],
  });
  // A number field holding text it cannot read reports '' as its value: it is not empty all the same.
  const ready = (amount.trim() !== '' || amountUnreadable === true) && method !== '';
  /** The result line describes the field it refuses, which is marked invalid. */
  const refusal = (field: keyof LogPaymentForm) =>
    feedback?.tone === 'error' && errors[field] ? feedbackId : undefined;

  const submit = handleSubmit(
    (value) => {
      setFeedback(null);
      mutation.mutate(value, {
        onSuccess: () => {
          reset(EMPTY_PAYMENT);
          setFeedback({ tone: 'success', text: `Payment of ${formatMoney(value.amount)} logged.` });
        },
        onError: () => setFeedback({ tone: 'error', text: m.paymentFailed }),
      });
    },
    (refused) =>
      setFeedback({
        tone: 'error',
        text: refused.amount?.message ?? refused.method?.message ?? refused.notes?.message ?? m.paymentAmount,
      }),
  );

  return (
    <form className="aod-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="aod-subtitle">
        Log a payment
      </h3>
      <div className="aod-form__grid">
        <TextField
          label="Amount (USD)"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          {...register('amount')}
          // React fires no change while the value stays '', as it does when typed text is unreadable.
          onInput={(event) => setValue('amountUnreadable', event.currentTarget.validity.badInput)}
          describedBy={refusal('amount')}
          aria-invalid={refusal('amount') ? true : undefined}
          data-testid="payment-amount"
        />
        <RadioGroup
          legend="Payment method"
          className="aod-form__full"
          options={METHOD_OPTIONS}
          {...register('method')}
          describedBy={refusal('method')}
        />
        <TextAreaField
          label="Payment notes (optional)"
          className="aod-form__full"
          rows={2}
          maxLength={1000}
          {...register('notes')}
          describedBy={refusal('notes')}
          aria-invalid={refusal('notes') ? true : undefined}
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
        <Feedback id={feedbackId} tone={feedback.tone} testId="payment-feedback">
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
          <dl
            className="admin-facts"
            data-testid="payment-details"
            data-revealed={revealed ? 'true' : 'false'}
          >
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
      <dl className="admin-facts">
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

      <LogPaymentFormSection orderId={order.orderId} />

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
