import { zodResolver } from '@hookform/resolvers/zod';
import { receivingMessages as m } from '@shared/admin-messages';
import { paymentMethodLabel } from '@shared/rules/admin-order-forms';
import { formatMoney } from '@shared/rules/money';
import { ADMIN_PAYMENT_METHOD_LABELS, ADMIN_PAYMENT_METHODS } from '@shared/schemas/admin-orders';
import { type PayoutRow, ZPayOrderRequest } from '@shared/schemas/receiving';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { Dialog } from '../../../components/dialog';
import { SelectField, TextAreaField } from '../../../components/form/field';
import { isApiError } from '../../../lib/api-client';
import { usePayOrder } from '../api/pay-order';
import { suggestedPaymentMethod } from '../pay-method';

const ZPayForm = z.pick(ZPayOrderRequest, { method: true, notes: true });
type PayFormInput = { method: string; notes: string };
type PayFormOutput = z.infer<typeof ZPayForm>;

const METHOD_OPTIONS = ADMIN_PAYMENT_METHODS.map((value) => ({
  value,
  label: ADMIN_PAYMENT_METHOD_LABELS[value],
}));

/** A refused payment's message: the server's own (4xx: the amount changed, not payable), else the fallback. */
function payError(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return m.payFailed;
}

/**
 * 'Pay and Complete' asks first: the amount due (the server's, from the inspection the row showed), the method
 * (the seller's checkout choice when the back office has it) and notes. Confirming sends the inspection version,
 * never an amount; Cancel has focus first, so Enter never pays by accident.
 */
export function PayDialog({
  row,
  onClose,
  onPaid,
}: {
  row: PayoutRow;
  onClose: () => void;
  onPaid: () => void;
}) {
  const pay = usePayOrder();
  const form = useForm<PayFormInput, unknown, PayFormOutput>({
    resolver: zodResolver(ZPayForm) as never,
    defaultValues: { method: suggestedPaymentMethod(row.paymentMethod), notes: '' },
  });
  const method = useWatch({ control: form.control, name: 'method' });
  const methodText = method
    ? ADMIN_PAYMENT_METHOD_LABELS[method as keyof typeof ADMIN_PAYMENT_METHOD_LABELS]
    : '…';
  const formId = `pay-${row.orderId}`;

  const submit = form.handleSubmit((values) =>
    pay.mutate(
      { orderId: row.orderId, body: { ...values, inspectionVersion: row.inspectionVersion } },
      { onSuccess: onPaid },
    ),
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title={m.payTitle(row.orderId)}
      description={
        <p data-testid="pay-confirm-text">{m.payConfirm(formatMoney(row.amountDue), methodText)}</p>
      }
      size="sm"
      footer={
        <div className="button-row pay-dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--primary"
            disabled={pay.isPending}
            data-testid="confirm-pay"
          >
            {pay.isPending && <span className="spinner spinner--inline" aria-hidden="true" />}
            {pay.isPending ? m.paying : m.pay}
          </button>
        </div>
      }
    >
      <form id={formId} className="pay-dialog__form" onSubmit={submit} noValidate>
        <p className="list-muted">{m.sellerMethod(paymentMethodLabel(row.paymentMethod) || '—')}</p>
        <SelectField
          label={m.payMethodLabel}
          required
          options={METHOD_OPTIONS}
          {...form.register('method')}
          error={form.formState.errors.method?.message}
          data-testid="pay-method"
        >
          <option value="">{m.choosePlaceholder}</option>
        </SelectField>
        <TextAreaField
          label={m.payNotes}
          rows={2}
          maxLength={1000}
          {...form.register('notes')}
          error={form.formState.errors.notes?.message}
        />
        {pay.isError && (
          <p className="pay-dialog__error" role="alert">
            {payError(pay.error)}
          </p>
        )}
      </form>
    </Dialog>
  );
}
