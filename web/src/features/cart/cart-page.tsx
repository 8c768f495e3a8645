import { useId } from 'react';
import { Link } from 'react-router';
import { CartCheckNotice } from '../../components/cart/cart-check-notice';
import { CartLine } from '../../components/cart/cart-line';
import { ArrowLeftIcon, CartIcon } from '../../components/icons';
import { StatePanel } from '../../components/state-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { useCheckedCart } from '../../lib/cart/use-checked-cart';
import { paths } from '../../paths';
import { OrderSummary } from './components/order-summary';
import './cart.css';

/** `/cart` (spec 000 §2 Cart). */
export function CartPage() {
  usePageTitle(paths.cart.title);
  const { cart, checked, checking, items, total } = useCheckedCart();
  const unavailableId = useId();

  if (cart.items.length === 0) {
    return (
      <div className="container page-section">
        <StatePanel icon={<CartIcon size={32} />} title="Your Cart is Empty" headingLevel={1}>
          <p>Start selling your unused test strips today!</p>
          <div className="button-row button-row--center">
            <Link to={paths.products.path} className="btn btn--primary">
              Continue Shopping
            </Link>
          </div>
        </StatePanel>
      </div>
    );
  }

  return (
    <div className="container page-section cart-page">
      <h1 className="cart-page__title">Your Cart</h1>
      <CartCheckNotice checked={checked} checking={checking} unavailableId={unavailableId} />
      <div className="cart-layout">
        <section className="cart-lines" aria-label="Items in your cart">
          <ul className="cart-lines__list">
            {items.map((item, index) => (
              <CartLine
                key={item.product.id}
                item={item}
                availability={checked?.lines[index].availability}
                priceChange={checked?.lines[index].priceChange}
              />
            ))}
          </ul>
          <div className="button-row cart-lines__actions">
            <Link to={paths.products.path} className="btn btn--secondary">
              <ArrowLeftIcon size={18} />
              Continue Shopping
            </Link>
            <button type="button" className="btn btn--danger-outline" onClick={cart.clear}>
              Clear Cart
            </button>
          </div>
        </section>
        <OrderSummary items={items} total={total} checked={checked} unavailableId={unavailableId} />
      </div>
    </div>
  );
}
