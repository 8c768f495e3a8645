import { messages } from '@shared/messages';
import type { OrderConfirmation } from '@shared/schemas/order';
import { useCallback, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { AlertIcon } from '../../components/icons';
import { usePageTitle } from '../../hooks/use-page-title';
import { analytics } from '../../lib/analytics';
import { paths } from '../../paths';
import { cartActions, useCart } from '../cart/cart-store';
import { finishCheckoutAttempt } from './checkout-attempt';
import { BuybackSummary } from './components/buyback-summary';
import { CheckoutForm } from './components/checkout-form';
import { CheckoutProgress } from './components/checkout-progress';
import { EarningsBanner } from './components/earnings-banner';
import { ProcessingScreen } from './components/processing-screen';
import { useOnlineStatus } from './use-online-status';

/** `/checkout` (spec 000 §2 Checkout, §4): the form, then the processing screen, then the confirmation. */
export function CheckoutPage() {
  usePageTitle(paths.checkout.title);
  const cart = useCart();
  const navigate = useNavigate();
  const online = useOnlineStatus();
  const [order, setOrder] = useState<OrderConfirmation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);

  const showError = useCallback((message: string | null) => {
    setError(message);
    if (message === null) return;
    // The banner sits above the form: bring the seller (and keyboard focus) back up to it.
    window.scrollTo({ top: 0 });
    requestAnimationFrame(() => bannerRef.current?.focus({ preventScroll: true }));
  }, []);

  const finish = useCallback(
    (done: OrderConfirmation) => {
      cartActions.clear();
      // The attempt ends with its cart: until now a reload and resubmission answered the same order.
      finishCheckoutAttempt();
      analytics.purchase(
        done.orderId,
        done.total,
        done.items.map((item) => ({
          id: item.productId,
          name: item.name,
          price: item.price,
          quantity: item.quantity,
        })),
      );
      navigate(paths.orderConfirmation.path, { replace: true, state: { order: done } });
    },
    [navigate],
  );

  if (order) return <ProcessingScreen orderId={order.orderId} onDone={() => finish(order)} />;
  if (cart.items.length === 0) return <Navigate to={paths.cart.path} replace />;

  return (
    <div className="checkout-page">
      <EarningsBanner total={cart.total} />
      <div className="container checkout-page__inner">
        <h1 className="checkout-page__title">Checkout</h1>
        <CheckoutProgress />

        {!online && (
          <div className="notice notice--warning checkout-alert" role="status">
            <AlertIcon size={20} />
            <p>{messages.checkout.offline}</p>
          </div>
        )}
        {error && (
          <div
            ref={bannerRef}
            className="notice notice--danger checkout-alert"
            role="alert"
            tabIndex={-1}
            data-testid="checkout-error"
          >
            <AlertIcon size={20} />
            <p>{error}</p>
          </div>
        )}

        <div className="checkout-layout">
          <CheckoutForm items={cart.items} onError={showError} onOrderCreated={setOrder} />
          <BuybackSummary items={cart.items} total={cart.total} />
        </div>
      </div>
    </div>
  );
}
