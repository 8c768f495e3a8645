import type { CartItem } from '@shared/rules/cart';
import { type CheckedCart, checkCart } from '@shared/rules/cart-catalogue';
import { useEffect, useMemo } from 'react';
import { useProducts } from '../products/list-products';
import { cartActions, type UseCart, useCart } from './cart-store';

export interface UseCheckedCart {
  cart: UseCart;
  /** The cart against the catalogue now; null until the catalogue has loaded (or when it could not be). */
  checked: CheckedCart | null;
  /** The catalogue is still loading: the lines show the stored prices meanwhile. */
  checking: boolean;
  /** The lines to show: current prices once the catalogue is known. */
  items: CartItem[];
  /** What the sellable lines earn (the stored total until the catalogue is known). */
  total: number;
}

/**
 * The cart with the catalogue's current prices and stock (the prices the server will pay). Once a change has
 * been shown, the stored cart takes the new price, each changed line remembering the price it was added at.
 */
export function useCheckedCart(): UseCheckedCart {
  const cart = useCart();
  const products = useProducts();
  const catalogue = products.data;
  const checked = useMemo(
    () => (catalogue ? checkCart({ items: cart.items, total: cart.total }, catalogue) : null),
    [cart.items, cart.total, catalogue],
  );

  useEffect(() => {
    if (checked?.changed && catalogue) cartActions.refresh(catalogue);
  }, [checked, catalogue]);

  return {
    cart,
    checked,
    checking: products.isPending,
    items: checked?.cart.items ?? cart.items,
    total: checked?.total ?? cart.total,
  };
}
