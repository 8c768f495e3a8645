import type { OrderLookupRequest } from '@shared/schemas/order';
import { lazy, Suspense, useState } from 'react';
import { LoadingState } from '../../components/loading-state';
import { usePageTitle } from '../../hooks/use-page-title';
import { onceUntilFailure } from '../../lib/once';
import { paths } from '../../paths';
import { lookupErrorMessage, useLookupOrder } from './api/lookup-order';
import { LookupForm } from './components/lookup-form';
import '../../components/page-banner.css';
import './order-status.css';

/**
 * The order view (timeline, tracking, payout, photos) in a chunk of its own: the page opens on the form, so the
 * view downloads when the form is sent, alongside the lookup, instead of being downloaded and run with the form.
 */
const loadOrderView = onceUntilFailure(() => import('./components/order-view'));
const OrderView = lazy(() => loadOrderView().then((m) => ({ default: m.OrderView })));

/**
 * Order tracking (spec 000 §2, §4): the form, then the order view; Back returns to an emptied form, and a
 * failed lookup stays on the form with the server's message.
 */
export function OrderStatusPage() {
  usePageTitle(paths.orderStatus.title);
  const lookup = useLookupOrder();
  const [attempt, setAttempt] = useState(0);
  const [cameBack, setCameBack] = useState(false);

  if (lookup.data) {
    return (
      <Suspense fallback={<LoadingState message="Loading order details..." />}>
        <OrderView
          order={lookup.data}
          onBack={() => {
            lookup.reset();
            setCameBack(true);
          }}
        />
      </Suspense>
    );
  }

  const submit = (values: OrderLookupRequest) => {
    setAttempt((n) => n + 1);
    // Nothing to wait for here: the view waits for its chunk (a failed download shows the route's error page).
    loadOrderView().catch(() => undefined);
    return lookup.mutateAsync(values);
  };

  return (
    <>
      <section className="page-banner" aria-labelledby="track-title">
        <div className="container">
          <h1 id="track-title">Track Your Order</h1>
          <p className="page-banner__lead">
            Enter your order number and the e-mail address you used at checkout to see where your shipment is,
            its payment status and any notes from our team.
          </p>
        </div>
      </section>
      <div className="container track-layout">
        <LookupForm
          onSubmit={submit}
          pending={lookup.isPending}
          error={lookup.isError ? { message: lookupErrorMessage(lookup.error), attempt } : null}
          focusOnMount={cameBack}
        />
      </div>
    </>
  );
}
