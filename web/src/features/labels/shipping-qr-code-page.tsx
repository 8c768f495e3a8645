import { labelMessages } from '@shared/messages';
import { type QrCode, type ShipmentView, ZQrCode } from '@shared/schemas/shipment';
import { useEffect, useMemo } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ArrowLeftIcon } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { OrderProblemPanel } from '../../components/order-problem-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { isApiError } from '../../lib/api-client';
import { useLabel } from '../../lib/orders/get-label';
import { contactHref, orderConfirmationHref, paths } from '../../paths';
import { QrCodeView } from './components/qr-code-view';
import './shipping-qr-code.css';

/** The QR code handed over by the confirmation page, if the navigation carried one that fits the contract. */
function qrFromState(state: unknown): QrCode | null {
  if (state === null || state === undefined) return null;
  const parsed = ZQrCode.safeParse(state);
  return parsed.success ? parsed.data : null;
}

function qrFromShipment(view: ShipmentView): QrCode | null {
  if (view.state !== 'purchased' || !view.qrCodeUrl) return null;
  const { qrCodeUrl, labelBrokerId, orderReference, isTestMode } = view;
  return { qrCodeUrl, labelBrokerId, orderReference, isTestMode };
}

function QrProblem({ message, orderId, onBack }: { message: string; orderId: string; onBack: () => void }) {
  return (
    <OrderProblemPanel message={message}>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        Try Again
      </button>
      <button type="button" className="btn btn--secondary" onClick={onBack}>
        <ArrowLeftIcon size={18} />
        Back
      </button>
      <Link to={contactHref(orderId)} className="btn btn--secondary">
        Contact Support
      </Link>
    </OrderProblemPanel>
  );
}

/**
 * `/shipping-qr-code/{orderId}` (spec 000 §2, §8): the QR code from the confirmation page's navigation state,
 * else read from the label with the `?token=` of the link; an expired link goes to /expired-token.
 */
export function ShippingQrCodePage() {
  usePageTitle(paths.shippingQrCode.title);
  const { orderId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const stateQr = useMemo(() => qrFromState(location.state), [location.state]);
  const label = useLabel(orderId, stateQr ? null : token);
  const status = isApiError(label.error) ? label.error.status : null;

  useEffect(() => {
    if (status === 410) navigate(paths.expiredToken.path, { replace: true });
  }, [status, navigate]);

  // Back in history when the visitor came from a page of the site, else to the order's confirmation.
  const onBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(token ? orderConfirmationHref(token) : paths.orderStatus.path);
  };

  if (stateQr) return <QrCodeView initial={stateQr} orderId={orderId} token={token} onBack={onBack} />;
  if (!token) return <QrProblem message={labelMessages.qrLoadFailed} orderId={orderId} onBack={onBack} />;
  if (label.data) {
    const qr = qrFromShipment(label.data);
    if (qr) return <QrCodeView initial={qr} orderId={orderId} token={token} onBack={onBack} />;
    return <QrProblem message={labelMessages.qrMissing} orderId={orderId} onBack={onBack} />;
  }
  if (label.isError && status !== 410) {
    return <QrProblem message={labelMessages.qrLoadFailed} orderId={orderId} onBack={onBack} />;
  }
  return (
    <div className="container page-section">
      <LoadingState message="Loading your QR code..." />
    </div>
  );
}
