import { QR_IMAGE_RETRY_LIMIT } from '@shared/constants';
import { labelMessages } from '@shared/messages';
import type { QrCode } from '@shared/schemas/shipment';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AlertIcon, ArrowLeftIcon } from '../../../components/icons';
import { isApiError } from '../../../lib/api-client';
import { contactHref, paths } from '../../../paths';
import { useRegenerateQrCode } from '../api/regenerate-qr-code';
import '../../../components/confirmation-facts.css';

interface QrCodeViewProps {
  initial: QrCode;
  orderId: string;
  /** The order's secret token: without it a broken image cannot be regenerated. */
  token: string | null;
  onBack: () => void;
}

/**
 * The USPS Label Broker QR code (spec 000 §2 'QR label page'): shown at the counter, the clerk prints the
 * prepaid label from it. An image that will not load is regenerated, at most QR_IMAGE_RETRY_LIMIT times.
 */
export function QrCodeView({ initial, orderId, token, onBack }: QrCodeViewProps) {
  const navigate = useNavigate();
  const [qr, setQr] = useState(initial);
  const [attempts, setAttempts] = useState(0);
  const [imageError, setImageError] = useState<string | null>(null);
  const regenerate = useRegenerateQrCode(orderId);

  const onImageError = () => {
    if (regenerate.isPending) return;
    if (!token || attempts >= QR_IMAGE_RETRY_LIMIT) {
      setImageError(labelMessages.qrImageFailed);
      return;
    }
    setAttempts((n) => n + 1);
    regenerate.mutate(token, {
      onSuccess: (fresh) => setQr(fresh),
      onError: (error) => {
        if (isApiError(error) && error.status === 410) navigate(paths.expiredToken.path, { replace: true });
        else setImageError(labelMessages.qrRegenerateFailed);
      },
    });
  };

  return (
    <div className="container qr-page">
      <button type="button" className="btn btn--secondary qr-page__back" onClick={onBack}>
        <ArrowLeftIcon size={18} />
        Back
      </button>

      {qr.isTestMode && (
        <div className="notice notice--warning qr-page__test" data-testid="qr-test-mode">
          <AlertIcon size={20} />
          <div>
            <p className="qr-page__test-title">{labelMessages.testModeTitle}</p>
            <p>{labelMessages.testModeText}</p>
          </div>
        </div>
      )}

      <section className="card qr-card" aria-labelledby="qr-title">
        <h1 id="qr-title" className="qr-card__title">
          {labelMessages.qrTitle}
        </h1>

        <div className="qr-card__code">
          {imageError ? (
            <div className="notice notice--danger qr-card__error" role="alert">
              <AlertIcon size={20} />
              <div>
                <p>
                  {imageError} <Link to={contactHref(orderId)}>Contact Support</Link>
                </p>
                {/* Spec 000 §2: the error state offers Try Again, which reloads the page. */}
                <button
                  type="button"
                  className="btn btn--primary qr-card__retry"
                  onClick={() => window.location.reload()}
                >
                  Try Again
                </button>
              </div>
            </div>
          ) : regenerate.isPending ? (
            <span className="spinner" aria-hidden="true" />
          ) : (
            <img
              // A new element per attempt, so even an unchanged address is fetched again.
              key={`${qr.qrCodeUrl}-${attempts}`}
              className="qr-card__image"
              src={qr.qrCodeUrl}
              alt={`USPS QR code for order ${orderId}`}
              width={240}
              height={240}
              onError={onImageError}
              data-testid="qr-image"
            />
          )}
          <p className="qr-card__status" role="status">
            {regenerate.isPending ? 'Loading a new QR code...' : ''}
          </p>
        </div>

        <dl className="confirmation-facts qr-card__facts">
          {qr.labelBrokerId && (
            <div className="qr-card__broker">
              <dt>Label Broker ID</dt>
              <dd data-testid="label-broker-id">{qr.labelBrokerId}</dd>
            </div>
          )}
          <div>
            <dt>Order reference</dt>
            <dd data-testid="order-reference">{qr.orderReference}</dd>
          </div>
        </dl>

        <h2 id="qr-steps-title" className="qr-card__subtitle">
          How to use your QR code
        </h2>
        <ol className="qr-steps" aria-labelledby="qr-steps-title" data-testid="qr-steps">
          {labelMessages.qrSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>

        <p className="qr-card__help">
          {labelMessages.qrHelp} <Link to={contactHref(orderId)}>Contact Support</Link>
        </p>
      </section>
    </div>
  );
}
