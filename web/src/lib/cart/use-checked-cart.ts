import type { CartItem } from '@shared/rules/cart';
import { type CheckedCart, checkCart } from '@shared/rules/cart-catalogue';
import { useEffect, useMemo, useState } from 'react';
import { useProducts } from '../products/list-products';
import { cartActions, type UseCart, useCart } from './cart-store';

export interface UseCheckedCart {
  cart: UseCart;
  /** The cart against the catalogue now; null until the catalogue has loaded (or when it could not be). */
  checked: CheckedCart | null;
  /** Today's catalogue is still on its way: the lines show the stored (or cached) prices meanwhile. */
  checking: boolean;
  /** The lines to show: current prices once the catalogue is known. */
  items: CartItem[];
  /** What the sellable lines earn (the stored total until the catalogue is known). */
  total: number;
}

/**
 * The cart with the catalogue's current prices and stock (the prices the server will pay). The catalogue is
 * read again when the page opens, even when another page cached it moments ago (a price staff changed since
 * would otherwise show until the submit): until it answers the page says it is checking. Once a change has
 * been shown, the stored cart takes the new price, each changed line remembering the price it was added at.
 */
export function useCheckedCart(): UseCheckedCart {
  const cart = useCart();
  const [openedAt] = useState(() => Date.now());
  const products = useProducts({ fresh: true });
  // Read since the page opened, or it could not be (then the cached prices stand, and the server decides).
  const current = products.dataUpdatedAt >= openedAt || products.isError;
  const catalogue = products.data;
  const checked = useMemo(
    () => (catalogue ? checkCart({ items: cart.items, total: cart.total }, catalogue) : null),
    [cart.items, cart.total, catalogue],
  );

  // Only today's prices are saved into the cart, never the cache's while it is being checked.
  useEffect(() => {
    if (current && checked?.changed && catalogue) cartActions.refresh(catalogue);
  }, [current, checked, catalogue]);

  return {
    cart,
    checked,
    checking: !current,
    items: checked?.cart.items ?? cart.items,
    total: checked?.total ?? cart.total,
  };
}
