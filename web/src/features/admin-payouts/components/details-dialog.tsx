import { receivingMessages as m } from '@shared/admin-messages';
import { paymentDetailLabel } from '@shared/rules/admin-order-forms';
import { useEffect, useRef } from 'react';
import { Dialog } from '../../../components/dialog';
import { LoadingState } from '../../../components/loading-state';
import { isApiError } from '../../../lib/api-client';
import { useRevealPayoutDetails } from '../api/reveal-payout-details';

/**
 * The seller's payout details in full, from a row: opening the dialog reveals them (the server logs who and
 * when on the order); they live in this dialog only and are gone when it closes.
 */
export function DetailsDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const reveal = useRevealPayoutDetails();
  const { mutate } = reveal;
  // Once per opening (a development double effect must not log a second reveal).
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutate(orderId);
  }, [mutate, orderId]);
  const details = Object.entries(reveal.data?.paymentDetails ?? {});

  return (
    <Dialog open onClose={onClose} title={m.payoutDetailsTitle(orderId)} size="sm">
      <div aria-live="polite" data-testid="payout-details">
        {reveal.isPending && <LoadingState message={m.revealingDetails} />}
        {reveal.isError && (
          <p className="pay-dialog__error" role="alert">
            {isApiError(reveal.error) && reveal.error.status < 500 ? reveal.error.message : m.revealFailed}
          </p>
        )}
        {reveal.isSuccess &&
          (details.length === 0 ? (
            <p>{m.noPayoutDetails}</p>
          ) : (
            <>
              <dl className="payouts-details">
                {details.map(([key, value]) => (
                  <div key={key}>
                    <dt>{paymentDetailLabel(key)}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
              <p className="list-muted">{m.revealLogged}</p>
            </>
          ))}
      </div>
    </Dialog>
  );
}
