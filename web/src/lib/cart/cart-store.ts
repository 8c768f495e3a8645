import { CART_STORAGE_KEY } from '@shared/constants';
import {
  addToCart,
  type Cart,
  type CartProduct,
  cartQuantity,
  clearCart,
  EMPTY_CART,
  parseStoredCart,
  removeFromCart,
  serializeCart,
  updateQuantity,
} from '@shared/rules/cart';
import { checkCart } from '@shared/rules/cart-catalogue';
import type { Product } from '@shared/schemas/product';
import { useSyncExternalStore } from 'react';

/**
 * The cart: a tiny external store over the shared cart rules, saved to localStorage (items only; the total is
 * recomputed on load) and kept in step across tabs through the `storage` event.
 */

function readStoredCart(): Cart {
  let raw: string | null;
  try {
    raw = localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return EMPTY_CART;
  }
  const cart = parseStoredCart(raw);
  if (cart === null) {
    console.warn(`Ignoring unreadable saved cart in localStorage["${CART_STORAGE_KEY}"]`);
    return EMPTY_CART;
  }
  return cart;
}

function writeStoredCart(cart: Cart): void {
  try {
    localStorage.setItem(CART_STORAGE_KEY, serializeCart(cart));
  } catch (error) {
    console.warn('Could not save the cart', error);
  }
}

let state: Cart | null = null;
const listeners = new Set<() => void>();

const getSnapshot = (): Cart => {
  state ??= readStoredCart();
  return state;
};

const getServerSnapshot = (): Cart => EMPTY_CART;

const emit = (): void => {
  for (const listener of listeners) listener();
};

function onStorage(event: StorageEvent): void {
  // key null means another tab cleared all of localStorage.
  if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
  state = readStoredCart();
  emit();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function commit(next: Cart): void {
  if (next === state) return;
  state = next;
  writeStoredCart(next);
  emit();
}

export const cartActions = {
  add: (product: CartProduct, quantity: number): void => commit(addToCart(getSnapshot(), product, quantity)),
  update: (productId: string, quantity: number): void =>
    commit(updateQuantity(getSnapshot(), productId, quantity)),
  remove: (productId: string): void => commit(removeFromCart(getSnapshot(), productId)),
  clear: (): void => commit(clearCart()),
  /** Stores the catalogue's current prices (each changed line keeps the price it was added at). */
  refresh: (catalogue: readonly Product[]): void => {
    const checked = checkCart(getSnapshot(), catalogue);
    if (checked.changed) commit(checked.cart);
  },
};

export interface UseCart extends Cart {
  /** Total number of boxes across all lines (the header badge). */
  quantity: number;
  add: typeof cartActions.add;
  update: typeof cartActions.update;
  remove: typeof cartActions.remove;
  clear: typeof cartActions.clear;
  refresh: typeof cartActions.refresh;
}

export function useCart(): UseCart {
  const cart = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return { ...cart, quantity: cartQuantity(cart.items), ...cartActions };
}

/** Only the total quantity, for components that should not re-render on other cart changes. */
const getQuantity = (): number => cartQuantity(getSnapshot().items);
export const useCartQuantity = (): number => useSyncExternalStore(subscribe, getQuantity, () => 0);
