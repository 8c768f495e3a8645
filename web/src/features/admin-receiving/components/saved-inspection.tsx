import { receivingMessages as m } from '@shared/admin-messages';
import { formatDateTime } from '@shared/rules/date-format';
import type { ReceivingOrder } from '@shared/schemas/receiving';
import { InspectionSummary } from '../../../components/inspection-summary';
import { isApiError } from '../../../lib/api-client';
import { useBuyReturnLabel } from '../api/buy-return-label';

/** A refused request's own message (4xx), else the page's fallback. */
const refusal = (error: unknown, fallback: string) =>
  isApiError(error) && error.status >= 400 && error.status < 500 && error.message ? error.message : fallback;

/** The seller's answer, and for a return request the label: 'Buy Return Label', then the label and its number. */
function AnswerAndReturn({ order }: { order: ReceivingOrder }) {
  const buy = useBuyReturnLabel(order.orderId);
  const inspection = order.inspection;
  if (!inspection) return null;
  const { answer } = inspection;
  const label = inspection.return;
  const canBuy = answer.state === 'return_requested' && label?.state !== 'label_bought';

  return (
    <div className="rcv-answer" data-testid="seller-answer">
      <h3 className="rcv-subtitle">{m.answerTitle}</h3>
      <p data-testid="answer-state" data-state={answer.state}>
        {m.answerStates[answer.state]}
        {answer.answeredAt && ` (${formatDateTime(answer.answeredAt)})`}
      </p>
      {answer.state === 'awaiting' && answer.dueAt && (
        <p className="rcv-muted">{m.answerDue(formatDateTime(answer.dueAt))}</p>
      )}
      {answer.state === 'return_requested' && answer.returned.length > 0 && (
        <ul className="rcv-returned">
          {answer.returned.map((item) => (
            <li key={item.name}>
              {item.count} × {item.name}
            </li>
          ))}
        </ul>
      )}
      {canBuy && (
        <button
          type="button"
          className="btn btn--primary"
          disabled={buy.isPending}
          onClick={() => buy.mutate()}
          data-testid="buy-return-label"
        >
          {buy.isPending && <span className="spinner spinner--inline" aria-hidden="true" />}
          {buy.isPending ? m.buyingReturnLabel : m.buyReturnLabel}
        </button>
      )}
      <div aria-live="polite">
        {buy.isSuccess && (
          <p className="rcv-success" role="status">
            {m.returnLabelBought}
          </p>
        )}
      </div>
      {buy.isError && (
        <p className="rcv-error" role="alert">
          {refusal(buy.error, m.returnLabelFailed)}
        </p>
      )}
      {label?.state === 'label_bought' && (
        <p data-testid="return-label">
          {label.labelUrl && (
            <a className="rcv-link" href={label.labelUrl} target="_blank" rel="noreferrer">
              {m.openReturnLabel}
            </a>
          )}
          {label.trackingNumber && (
            <span className="rcv-mono"> {m.returnTracking(label.trackingNumber)}</span>
          )}
        </p>
      )}
    </div>
  );
}

/** The inspection as saved: who and when, each line with the amounts the server computed, and the answer. */
export function SavedInspection({ order }: { order: ReceivingOrder }) {
  const inspection = order.inspection;
  if (!inspection) return null;
  return (
    <section className="card rcv-saved" aria-labelledby="rcv-saved-title" data-testid="saved-inspection">
      <h2 id="rcv-saved-title" className="rcv-section-title">
        {m.savedTitle}
      </h2>
      <p className="rcv-muted">
        {m.savedBy(inspection.version, formatDateTime(inspection.inspectedAt), inspection.inspectedBy ?? '')}
      </p>
      <InspectionSummary inspection={inspection} heading={3} />
      <AnswerAndReturn order={order} />
    </section>
  );
}
