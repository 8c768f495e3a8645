import { LABEL_POLL_TIMEOUT_MS } from '@shared/constants';
import { labelMessages, messages } from '@shared/messages';
import { formatDateTime } from '@shared/rules/date-format';
import { hasCompleteShippingAddress } from '@shared/rules/shipping-address';
import type { OrderConfirmation } from '@shared/schemas/order';
import type { QrCode, ShipmentView } from '@shared/schemas/shipment';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AlertIcon, ClockIcon, PrinterIcon, QrCodeIcon, TruckIcon } from '../../../components/icons';
import { ShippingTimeline } from '../../../components/shipping-timeline';
import { isApiError } from '../../../lib/api-client';
import { isLabelInProgress, useLabel } from '../../../lib/orders/get-label';
import { contactHref, paths, shippingQrCodeHref } from '../../../paths';
import { useRequestLabel } from '../api/request-label';
import '../../../components/confirmation-facts.css';
import '../orders.css';

/** Spec 000 §8: an error about the API key, carrier account or warehouse address links staff to the settings. */
const mentionsShippingConfig = (message: string): boolean =>
  /api key|carrier account|warehouse/i.test(message);

const isExpiredLink = (error: unknown): boolean => isApiError(error) && error.status === 410;

function MissingAddress({ order }: { order: OrderConfirmation }) {
  return (
    <section className="card confirmation-card" aria-labelledby="label-title" role="alert">
      <h2 id="label-title" className="confirmation-card__title">
        <AlertIcon size={22} className="confirmation-card__icon" />
        {messages.order.missingShipping}
      </h2>
      <p>
        We need your full street address, city, state and ZIP code to make your prepaid label. Please contact
        us with order #{order.orderId} and we will sort it out.
      </p>
      <Link to={contactHref(order.orderId)} className="btn btn--secondary">
        Contact Support
      </Link>
    </section>
  );
}

/** 'Failed to generate shipping label', why, and for a configuration problem a link to the settings. */
function LabelError({ detail, configure }: { detail: string | null; configure: boolean }) {
  return (
    <div className="notice notice--danger label-notice" role="alert">
      <AlertIcon size={20} />
      <div>
        <h3>{labelMessages.failed}</h3>
        {detail && <p>{detail}</p>}
        {configure && (
          <p>
            <Link to={paths.adminSettings.path} className="label-notice__link">
              {labelMessages.configureSettings}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}

function TestModeNote() {
  return (
    <div className="notice notice--warning label-notice" data-testid="label-test-mode">
      <AlertIcon size={20} />
      <p>
        <strong>{labelMessages.testModeTitle}:</strong> {labelMessages.testModeText}
      </p>
    </div>
  );
}

interface PurchasedLabelProps {
  shipment: ShipmentView;
  token: string;
  /** Set when the seller just made the label here: focus moves to its first action. */
  focusRef: RefObject<HTMLAnchorElement | null>;
}

/** The bought label: Print Label, the USPS QR code page, the tracking number and when the label expires. */
function PurchasedLabel({ shipment, token, focusRef }: PurchasedLabelProps) {
  const expires = shipment.labelExpiresAt ? formatDateTime(shipment.labelExpiresAt) : null;
  const qrState: QrCode | null = shipment.qrCodeUrl
    ? {
        qrCodeUrl: shipment.qrCodeUrl,
        labelBrokerId: shipment.labelBrokerId,
        orderReference: shipment.orderReference,
        isTestMode: shipment.isTestMode,
      }
    : null;

  return (
    <>
      {shipment.isTestMode && <TestModeNote />}
      {(shipment.trackingNumber || expires) && (
        <dl className="confirmation-facts label-facts">
          {shipment.trackingNumber && (
            <div>
              <dt>Tracking number</dt>
              <dd data-testid="tracking-number">{shipment.trackingNumber}</dd>
            </div>
          )}
          {expires && (
            <div>
              <dt>Label expires</dt>
              <dd>{expires}</dd>
            </div>
          )}
        </dl>
      )}
      <div className="button-row label-actions">
        {shipment.labelUrl && (
          <a
            ref={focusRef}
            href={shipment.labelUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn--primary btn--lg"
            data-testid="print-label"
          >
            <PrinterIcon size={20} />
            {labelMessages.print}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
        {qrState && (
          <Link
            ref={shipment.labelUrl ? undefined : focusRef}
            to={shippingQrCodeHref(shipment.orderId, token)}
            state={qrState}
            className="btn btn--secondary btn--lg"
            data-testid="qr-code-link"
          >
            <QrCodeIcon size={20} />
            {labelMessages.qrButton}
          </Link>
        )}
      </div>
      {!qrState && <p className="label-note">{labelMessages.qrMissing}</p>}
    </>
  );
}

/**
 * Spec 000 §2 'Order confirmation' and §8: the label is read on load; 'Generate Shipping Label' asks for one,
 * then the label is polled while it is being made (at most LABEL_POLL_TIMEOUT_MS), its progress spoken in a
 * live region. A bought label offers Print Label and the USPS QR code; a failed one says why and can be tried
 * again; an expired one can be made anew.
 */
function LabelCard({ order }: { order: OrderConfirmation }) {
  const navigate = useNavigate();
  const token = order.accessToken;
  const [timedOut, setTimedOut] = useState(false);
  const label = useLabel(order.orderId, token, { poll: !timedOut });
  const request = useRequestLabel(order.orderId);
  const shipment = label.data;
  const state = shipment?.state;
  const polling = isLabelInProgress(state) && !timedOut;
  const busy = request.isPending || polling;
  const madeHere = useRef(false);
  const focusRef = useRef<HTMLAnchorElement>(null);

  // A label takes seconds; if it takes minutes something is wrong: stop asking and say so.
  useEffect(() => {
    if (!polling) return;
    const timer = window.setTimeout(() => setTimedOut(true), LABEL_POLL_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [polling]);

  const expiredLink = isExpiredLink(label.error) || isExpiredLink(request.error);
  useEffect(() => {
    if (expiredLink) navigate(paths.expiredToken.path, { replace: true });
  }, [expiredLink, navigate]);

  // The Generate button the seller pressed is gone once the label is bought: move on to Print Label.
  useEffect(() => {
    if (state === 'purchased' && madeHere.current) {
      madeHere.current = false;
      focusRef.current?.focus();
    }
  }, [state]);

  const generate = () => {
    madeHere.current = true;
    setTimedOut(false);
    request.mutate(token);
  };

  let progress = '';
  if (request.isPending) progress = labelMessages.generating;
  else if (polling) progress = state === 'purchasing' ? labelMessages.purchasing : labelMessages.requested;
  else if (state === 'purchased') progress = labelMessages.ready;

  let failure: { detail: string | null; configure: boolean } | null = null;
  if (request.isError && !expiredLink) {
    const detail = request.error.message || null;
    failure = { detail, configure: Boolean(detail && mentionsShippingConfig(detail)) };
  } else if (timedOut && isLabelInProgress(state)) {
    failure = { detail: null, configure: false };
  } else if (state === 'failed' && !request.isPending) {
    failure = { detail: shipment?.errorMessage ?? null, configure: Boolean(shipment?.configureSettings) };
  }

  const { shippingAddress: address } = order;
  const timeline = shipment?.timeline ?? [];

  return (
    <section className="card confirmation-card" aria-labelledby="label-title" data-testid="shipping-label">
      <h2 id="label-title" className="confirmation-card__title">
        <TruckIcon size={22} className="confirmation-card__icon" />
        Your Free Shipping Label
      </h2>
      <p>Your prepaid label ships from:</p>
      <address className="confirmation-address">
        {order.customer.firstName} {order.customer.lastName}
        <br />
        {address.address}
        <br />
        {address.city}, {address.state} {address.zipCode}
      </address>

      {state === 'expired' && !busy && (
        <div className="notice notice--info label-notice">
          <ClockIcon size={20} />
          <p>{labelMessages.expired}</p>
        </div>
      )}
      {failure && <LabelError detail={failure.detail} configure={failure.configure} />}

      {state === 'purchased' && shipment ? (
        <PurchasedLabel shipment={shipment} token={token} focusRef={focusRef} />
      ) : (
        <button
          type="button"
          className="btn btn--primary btn--lg"
          data-testid="generate-label"
          disabled={busy}
          onClick={generate}
        >
          {busy && <span className="spinner spinner--inline" aria-hidden="true" />}
          {busy ? labelMessages.generating : labelMessages.generate}
        </button>
      )}
      <p className="confirmation-card__note label-progress" role="status" data-testid="label-progress">
        {progress}
      </p>

      {timeline.length > 0 && (
        <div className="label-timeline">
          <h3 id="label-timeline-title" className="order-subtitle">
            Shipping updates
          </h3>
          <ShippingTimeline entries={timeline} labelledBy="label-timeline-title" />
        </div>
      )}
    </section>
  );
}

/** The label part of the confirmation, or 'Missing Shipping Information' when no label can be made. */
export function ShippingLabel({ order }: { order: OrderConfirmation }) {
  if (!hasCompleteShippingAddress(order.shippingAddress)) return <MissingAddress order={order} />;
  return <LabelCard order={order} />;
}
