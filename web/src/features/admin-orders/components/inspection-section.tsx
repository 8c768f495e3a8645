import { receivingMessages as m } from '@shared/admin-messages';
import { formatDateTime } from '@shared/rules/date-format';
import type { AdminOrderDetail } from '@shared/schemas/admin-orders';
import { Link } from 'react-router';
import { ClipboardIcon } from '../../../components/icons';
import { InspectionSummary } from '../../../components/inspection-summary';
import { adminInspectionHref } from '../../../paths';
import { useBuyReturnLabel } from '../api/buy-return-label';
import { DetailSection } from './detail-section';
import { Feedback, refusalMessage } from './feedback';

function ReturnLabel({ order }: { order: AdminOrderDetail }) {
  const buy = useBuyReturnLabel(order.orderId);
  const inspection = order.inspection;
  if (!inspection) return null;
  const label = inspection.return;
  if (inspection.answer.state !== 'return_requested') return null;
  return (
    <div className="aod-return">
      <p className="aod-strong">{m.returnRequested}</p>
      {inspection.answer.returned.length > 0 && (
        <ul>
          {inspection.answer.returned.map((item) => (
            <li key={item.name}>
              {item.count} × {item.name}
            </li>
          ))}
        </ul>
      )}
      {label?.state === 'label_bought' ? (
        <p data-testid="return-label">
          {label.labelUrl && (
            <a href={label.labelUrl} target="_blank" rel="noreferrer">
              {m.openReturnLabel}
            </a>
          )}
          {label.trackingNumber && <span> {m.returnTracking(label.trackingNumber)}</span>}
        </p>
      ) : (
        <button
          type="button"
          className="btn btn--primary aod-btn--compact"
          disabled={buy.isPending}
          onClick={() => buy.mutate()}
          data-testid="buy-return-label"
        >
          {buy.isPending && <span className="spinner spinner--inline" aria-hidden="true" />}
          {buy.isPending ? m.buyingReturnLabel : m.buyReturnLabel}
        </button>
      )}
      {buy.isSuccess && <Feedback tone="success">{m.returnLabelBought}</Feedback>}
      {buy.isError && <Feedback tone="error">{refusalMessage(buy.error, m.returnLabelFailed)}</Feedback>}
    </div>
  );
}

/**
 * Receiving and grading on the order detail: who received the box and when, the inspection with the amounts the
 * server computed and the seller's answer, a return request's label, and the way to the inspection form.
 */
export function InspectionSection({ order }: { order: AdminOrderDetail }) {
  const inspection = order.inspection;
  return (
    <DetailSection
      id="order-inspection"
      title={m.inspectionSection}
      icon={<ClipboardIcon size={20} />}
      className="aod-inspection"
    >
      <p className="aod-muted" data-testid="order-received">
        {order.received
          ? m.receivedAt(formatDateTime(order.received.at), order.received.by ?? '')
          : m.notReceivedYet}
      </p>
      {inspection ? (
        <>
          <p className="aod-muted">
            {m.savedBy(
              inspection.version,
              formatDateTime(inspection.inspectedAt),
              inspection.inspectedBy ?? '',
            )}
          </p>
          <InspectionSummary inspection={inspection} heading={3} />
          <p data-testid="order-answer-state">{m.answerStates[inspection.answer.state]}</p>
          <ReturnLabel order={order} />
        </>
      ) : (
        order.received && <p className="aod-muted">{m.notInspectedYet}</p>
      )}
      {order.received && (
        <Link
          to={adminInspectionHref(order.orderId)}
          className="btn btn--secondary aod-btn--compact"
          data-testid="open-inspection"
        >
          {inspection ? m.reinspect : m.inspect}
        </Link>
      )}
    </DetailSection>
  );
}
