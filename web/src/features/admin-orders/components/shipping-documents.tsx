import { LABEL_POLL_TIMEOUT_MS } from '@shared/constants';
import { labelMessages } from '@shared/messages';
import { statusLabel } from '@shared/rules/admin-order-forms';
import { formatDateTime } from '@shared/rules/date-format';
import type { AdminOrderDetail } from '@shared/schemas/admin-orders';
import type { QrCode } from '@shared/schemas/shipment';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AlertIcon, PrinterIcon, QrCodeIcon } from '../../../components/icons';
import { ShippingTimeline } from '../../../components/shipping-timeline';
import { paths, shippingQrCodeHref } from '../../../paths';
import { isLabelInProgress, useAdminLabel } from '../api/get-label';
import { adminOrderKey } from '../api/query-keys';
import { useAdminRegenerateQrCode } from '../api/regenerate-qr-code';
import { useAdminRequestLabel } from '../api/request-label';
import { Feedback } from './feedback';

/** Spec 000 §8: an error about the API key, carrier account or warehouse is a settings problem. */
const mentionsShippingConfig = (message: string): boolean =>
  /api key|carrier account|warehouse/i.test(message);

function LabelError({ detail, configure }: { detail: string | null; configure: boolean }) {
  return (
    <div className="notice notice--danger aod-notice" role="alert" data-testid="label-error">
      <AlertIcon size={20} />
      <div>
        <p className="aod-notice__title">{labelMessages.failed}</p>
        {detail && <p>{detail}</p>}
        {configure && (
          <p>
            <Link to={paths.adminSettings.path}>{labelMessages.configureSettings}</Link>
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The label as staff see it: the printable label, the USPS QR code page (handed the code in navigation state,
 * as the confirmation page does), broker id, reference, mode, tracking and the timeline. Staff can make the
 * label (then it is polled while being bought, at most LABEL_POLL_TIMEOUT_MS) and ask for a fresh QR code.
 */
export function ShippingDocuments({ order }: { order: AdminOrderDetail }) {
  const { orderId } = order;
  const queryClient = useQueryClient();
  const [timedOut, setTimedOut] = useState(false);
  const label = useAdminLabel(orderId, { poll: !timedOut });
  const request = useAdminRequestLabel(orderId);
  const regenerate = useAdminRegenerateQrCode(orderId);
  const view = label.data;
  const state = view?.state;
  const polling = isLabelInProgress(state) && !timedOut;
  const busy = request.isPending || polling;

  useEffect(() => {
    if (!polling) return;
    const timer = window.setTimeout(() => setTimedOut(true), LABEL_POLL_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [polling]);

  // A label bought while this page watched changes the order too (label fields, activity): read it again.
  const wasInProgress = useRef(false);
  useEffect(() => {
    if (isLabelInProgress(state)) wasInProgress.current = true;
    else if (wasInProgress.current) {
      wasInProgress.current = false;
      void queryClient.invalidateQueries({ queryKey: adminOrderKey(orderId), exact: true });
    }
  }, [state, queryClient, orderId]);

  // The label read is the fresher source; the order's copy fills in until it answers.
  const labelUrl = view ? view.labelUrl : order.shippingLabelUrl;
  const qrCodeUrl = view ? view.qrCodeUrl : order.qrCodeUrl;
  const labelBrokerId = view ? view.labelBrokerId : order.labelBrokerId;
  const trackingNumber = view ? view.trackingNumber : order.trackingNumber;
  const orderReference = view?.orderReference ?? orderId;
  const timeline = view && view.timeline.length > 0 ? view.timeline : order.timeline;
  const qrState: QrCode | null = qrCodeUrl
    ? { qrCodeUrl, labelBrokerId, orderReference, isTestMode: view?.isTestMode ?? false }
    : null;

  let failure: { detail: string | null; configure: boolean } | null = null;
  if (request.isError) {
    const detail = request.error.message || null;
    failure = { detail, configure: Boolean(detail && mentionsShippingConfig(detail)) };
  } else if (timedOut && isLabelInProgress(state)) {
    failure = { detail: null, configure: false };
  } else if (state === 'failed' && !request.isPending) {
    failure = { detail: view?.errorMessage ?? null, configure: Boolean(view?.configureSettings) };
  } else if (!view && order.labelError) {
    failure = { detail: order.labelError, configure: mentionsShippingConfig(order.labelError) };
  }

  let progress = '';
  if (request.isPending) progress = labelMessages.generating;
  else if (polling) progress = state === 'purchasing' ? labelMessages.purchasing : labelMessages.requested;

  const generate = () => {
    setTimedOut(false);
    regenerate.reset();
    request.mutate();
  };

  return (
    <div className="aod-documents" data-testid="shipping-documents">
      <h3 className="aod-subtitle">Shipping documents</h3>
      <dl className="admin-facts">
        <div>
          <dt>Label</dt>
          <dd>
            {labelUrl ? (
              <a href={labelUrl} target="_blank" rel="noopener noreferrer" data-testid="label-link">
                <PrinterIcon size={16} /> {labelMessages.print}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              'No label yet'
            )}
            {view && view.state !== 'none' && <span className="aod-muted"> ({statusLabel(view.state)})</span>}
          </dd>
        </div>
        <div>
          <dt>USPS QR code</dt>
          <dd>
            {qrState ? (
              <Link
                to={shippingQrCodeHref(orderId, order.accessToken)}
                state={qrState}
                data-testid="qr-code-link"
              >
                <QrCodeIcon size={16} /> {labelMessages.qrButton}
              </Link>
            ) : (
              'Not available'
            )}
          </dd>
        </div>
        <div>
          <dt>Label broker ID</dt>
          <dd data-testid="label-broker-id">{labelBrokerId || '—'}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd>{orderReference}</dd>
        </div>
        <div>
          <dt>Mode</dt>
          <dd data-testid="label-mode">
            {view && view.state !== 'none' ? (view.isTestMode ? 'Test mode' : 'Production') : '—'}
          </dd>
        </div>
        <div>
          <dt>Tracking number</dt>
          <dd data-testid="tracking-number">{trackingNumber || '—'}</dd>
        </div>
        {view?.labelExpiresAt && state === 'purchased' && (
          <div>
            <dt>Label expires</dt>
            <dd>{formatDateTime(view.labelExpiresAt)}</dd>
          </div>
        )}
      </dl>

      {state === 'expired' && !busy && <p className="aod-muted">{labelMessages.expired}</p>}
      {failure && <LabelError detail={failure.detail} configure={failure.configure} />}
      {label.isError && !view && (
        <Feedback tone="error">Unable to load the label. {label.error.message}</Feedback>
      )}

      <div className="button-row">
        {state !== 'purchased' && (
          <button
            type="button"
            className="btn btn--primary aod-btn--compact"
            disabled={busy || label.isPending}
            onClick={generate}
            data-testid="generate-label"
          >
            {busy && <span className="spinner spinner--inline" aria-hidden="true" />}
            {busy ? labelMessages.generating : labelMessages.generate}
          </button>
        )}
        {state === 'purchased' && (
          <button
            type="button"
            className="btn btn--secondary aod-btn--compact"
            disabled={regenerate.isPending}
            onClick={() => regenerate.mutate()}
            data-testid="regenerate-qr"
          >
            {regenerate.isPending && <span className="spinner spinner--inline" aria-hidden="true" />}
            Regenerate QR Code
          </button>
        )}
      </div>
      <p className="aod-muted" role="status">
        {progress}
      </p>
      {regenerate.isError && <Feedback tone="error">{labelMessages.qrRegenerateFailed}</Feedback>}
      {regenerate.isSuccess && <Feedback tone="success">A new QR code was generated.</Feedback>}

      <h3 id="order-timeline-title" className="aod-subtitle">
        Shipment timeline
      </h3>
      {timeline.length > 0 ? (
        <ShippingTimeline entries={timeline} labelledBy="order-timeline-title" />
      ) : (
        <p className="aod-muted">No shipping updates yet.</p>
      )}
    </div>
  );
}
