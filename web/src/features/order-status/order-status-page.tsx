import type { OrderLookupRequest } from '@shared/schemas/order';
import { useState } from 'react';
import { usePageTitle } from '../../hooks/use-page-title';
import { paths } from '../../paths';
import { lookupErrorMessage, useLookupOrder } from './api/lookup-order';
import { LookupForm } from './components/lookup-form';
import { OrderView } from './components/order-view';
import '../../components/page-banner.css';
import './order-status.css';

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
      <OrderView
        order={lookup.data}
        onBack={() => {
          lookup.reset();
          setCameBack(true);
        }}
      />
    );
  }

  const submit = (values: OrderLookupRequest) => {
    setAttempt((n) => n + 1);
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
