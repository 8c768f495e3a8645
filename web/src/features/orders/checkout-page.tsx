import { messages } from '@shared/messages';
import { checkCart, differsFromShown } from '@shared/rules/cart-catalogue';
import type { OrderConfirmation } from '@shared/schemas/order';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { CartCheckNotice } from '../../components/cart/cart-check-notice';
import { AlertIcon } from '../../components/icons';
import { usePageTitle } from '../../hooks/use-page-title';
import { analytics } from '../../lib/analytics';
import { cartActions } from '../../lib/cart/cart-store';
import { useCheckedCart } from '../../lib/cart/use-checked-cart';
import { listProducts, productsQueryKey } from '../../lib/products/list-products';
import { paths } from '../../paths';
import { finishCheckoutAttempt } from './checkout-attempt';
import { BuybackSummary } from './components/buyback-summary';
import { CheckoutForm } from './components/checkout-form';
import { CheckoutProgress } from './components/checkout-progress';
import { EarningsBanner } from './components/earnings-banner';
import { ProcessingScreen } from './components/processing-screen';
import { useOnlineStatus } from './use-online-status';
import './checkout.css';

/** `/checkout` (spec 000 §2 Checkout, §4): the form, then the processing screen, then the confirmation. */
export function CheckoutPage() {
  usePageTitle(paths.checkout.title);
  const { cart, checked, checking, items, total } = useCheckedCart();
  const queryClient = useQueryClient();
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

  /**
   * The catalogue once more, just before submitting: a price or stock change since the page showed the cart is
   * shown first (the hook refreshes from the same cache) instead of an order at a price the seller never saw.
   * When the catalogue cannot be read the server still prices the order, and the confirmation shows it.
   */
  const confirmCurrentPrices = async (): Promise<boolean> => {
    let catalogue: Awaited<ReturnType<typeof listProducts>>;
    try {
      catalogue = await queryClient.fetchQuery({
        queryKey: productsQueryKey,
        queryFn: ({ signal }) => listProducts(signal),
        staleTime: 0,
      });
    } catch {
      return true;
    }
    const fresh = checkCart({ items: cart.items, total: cart.total }, catalogue);
    if (!differsFromShown(items, fresh)) return true;
    showError(messages.cart.pricesMovedOnSubmit);
    return false;
  };

  if (order) return <ProcessingScreen orderId={order.orderId} onDone={() => finish(order)} />;
  if (cart.items.length === 0) return <Navigate to={paths.cart.path} replace />;

  return (
    <div className="checkout-page">
      <EarningsBanner total={total} />
      <div className="container checkout-page__inner">
        <h1 className="checkout-page__title">Checkout</h1>
        <CheckoutProgress />

        {!online && (
          <div className="notice notice--warning checkout-alert" role="status">
            <AlertIcon size={20} />
            <p>{messages.checkoutPage.offline}</p>
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

        <CartCheckNotice checked={checked} checking={checking} linkToCart />

        <div className="checkout-layout">
          <CheckoutForm
            items={items}
            onError={showError}
            onOrderCreated={setOrder}
            blocked={(checked?.unavailable.length ?? 0) > 0}
            confirmBeforeSubmit={confirmCurrentPrices}
          />
          <BuybackSummary items={items} total={total} checked={checked} />
        </div>
      </div>
    </div>
  );
}
