import { adminOrderMessages as m } from '@shared/messages';
import { statusLabel } from '@shared/rules/admin-order-forms';
import { formatDateTime } from '@shared/rules/date-format';
import type { AdminOrderDetail, OrderEmailTemplate } from '@shared/schemas/admin-orders';
import { useState } from 'react';
import { MailIcon } from '../../../components/icons';
import { useSendOrderEmail } from '../api/send-order-email';
import { Feedback, type FeedbackTone, refusalMessage } from './feedback';

const BUTTONS: Array<{ template: OrderEmailTemplate; label: string; fallback: string }> = [
  { template: 'order_completed', label: 'Send Completion Email', fallback: m.completionFailed },
  { template: 'order_confirmation', label: 'Send Confirmation Email', fallback: m.confirmationFailed },
];

function SendButton({
  orderId,
  template,
  label,
  fallback,
  onResult,
}: (typeof BUTTONS)[number] & { orderId: string; onResult: (tone: FeedbackTone, text: string) => void }) {
  const mutation = useSendOrderEmail(orderId, template);
  return (
    <button
      type="button"
      className="btn btn--secondary aod-btn--compact"
      disabled={mutation.isPending}
      aria-busy={mutation.isPending}
      data-testid={`send-${template}`}
      onClick={() =>
        mutation.mutate(undefined, {
          onSuccess: (result) => onResult('success', result.message),
          onError: (error) => onResult('error', refusalMessage(error, fallback)),
        })
      }
    >
      {mutation.isPending ? (
        <span className="spinner spinner--inline" aria-hidden="true" />
      ) : (
        <MailIcon size={18} aria-hidden="true" />
      )}
      {mutation.isPending ? 'Sending...' : label}
    </button>
  );
}

/** 'Send Completion Email' and 'Send Confirmation Email', the answer of the last one pressed, and delivery. */
export function OrderEmails({ order }: { order: AdminOrderDetail }) {
  const [feedback, setFeedback] = useState<{ tone: FeedbackTone; text: string } | null>(null);
  const status = order.emailDeliveryStatus;
  return (
    <div className="aod-emails">
      <div className="button-row">
        {BUTTONS.map((button) => (
          <SendButton
            key={button.template}
            {...button}
            orderId={order.orderId}
            onResult={(tone, text) => setFeedback({ tone, text })}
          />
        ))}
      </div>
      {feedback && (
        <Feedback tone={feedback.tone} testId="email-feedback">
          {feedback.text}
        </Feedback>
      )}
      <p className="aod-muted" data-testid="email-delivery">
        Email status: <strong>{status ? statusLabel(status) : 'Not sent'}</strong>
        {order.emailStatusUpdatedAt && (
          <>
            {' '}
            (<time dateTime={order.emailStatusUpdatedAt}>{formatDateTime(order.emailStatusUpdatedAt)}</time>)
          </>
        )}
      </p>
      {order.emailError && <p className="aod-error-text">Email error: {order.emailError}</p>}
    </div>
  );
}
