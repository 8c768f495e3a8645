import { BADGE_BOUNCE_MS } from '@shared/constants';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CartIcon } from '../../../components/icons';
import { useCartQuantity } from '../../../lib/cart/cart-store';
import { paths } from '../../../paths';
import './cart-link.css';

export const cartLabel = (quantity: number): string =>
  `Cart, ${quantity} ${quantity === 1 ? 'item' : 'items'}`;

/** Header cart icon; its badge bounces for BADGE_BOUNCE_MS whenever the quantity changes to a value above 0. */
export function CartLink({ onNavigate }: { onNavigate?: () => void }) {
  const quantity = useCartQuantity();
  const previous = useRef(quantity);
  const [bounce, setBounce] = useState(0);

  useEffect(() => {
    if (quantity === previous.current) return;
    previous.current = quantity;
    if (quantity <= 0) {
      setBounce(0);
      return;
    }
    setBounce((n) => n + 1);
    const timer = setTimeout(() => setBounce(0), BADGE_BOUNCE_MS);
    return () => clearTimeout(timer);
  }, [quantity]);

  return (
    <Link to={paths.cart.path} className="cart-link" aria-label={cartLabel(quantity)} onClick={onNavigate}>
      <CartIcon size={24} />
      {quantity > 0 && (
        <span
          // A new key restarts the animation when the quantity changes again mid-bounce.
          key={bounce}
          className={bounce > 0 ? 'cart-badge is-bouncing' : 'cart-badge'}
          data-testid="cart-badge"
          aria-hidden="true"
        >
          {quantity}
        </span>
      )}
    </Link>
  );
}
