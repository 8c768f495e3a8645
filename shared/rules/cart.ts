import { MAX_LINE_QUANTITY } from '../constants.js';
import { fromCents, toCents } from './money.js';

export interface CartProduct {
  id: string;
  name: string;
  imageUrl: string | null;
  buybackPrice: number;
  brand?: string;
}
export interface CartItem {
  product: CartProduct;
  quantity: number;
  /**
   * The price per box the seller saw when adding the item, kept only while the catalogue's price differs from it
   * (product.buybackPrice is then the catalogue's current price), so the cart and checkout can say 'was, now'.
   */
  previousPrice?: number;
}
export interface Cart {
  items: CartItem[];
  total: number;
}

export const EMPTY_CART: Cart = { items: [], total: 0 };

const isWholeQuantity = (q: number): boolean => Number.isInteger(q) && q >= 1;

export const cartTotal = (items: readonly CartItem[]): number =>
  fromCents(items.reduce((sum, i) => sum + toCents(i.product.buybackPrice) * i.quantity, 0));

export const cartQuantity = (items: readonly CartItem[]): number =>
  items.reduce((sum, i) => sum + i.quantity, 0);

const withTotal = (items: CartItem[]): Cart => ({ items, total: cartTotal(items) });

/**
 * Adding a product already present raises its quantity; quantities below 1 are ignored. A line never passes
 * MAX_LINE_QUANTITY, the bound the server holds each order line to.
 */
export function addToCart(cart: Cart, product: CartProduct, quantity: number): Cart {
  if (!isWholeQuantity(quantity)) return cart;
  const capped = (q: number) => Math.min(q, MAX_LINE_QUANTITY);
  const existing = cart.items.find((i) => i.product.id === product.id);
  const items = existing
    ? cart.items.map((i) =>
        i.product.id === product.id ? { ...i, quantity: capped(i.quantity + quantity) } : i,
      )
    : [...cart.items, { product, quantity: capped(quantity) }];
  return withTotal(items);
}

export function updateQuantity(cart: Cart, productId: string, quantity: number): Cart {
  if (!isWholeQuantity(quantity) || quantity > MAX_LINE_QUANTITY) return cart;
  return withTotal(cart.items.map((i) => (i.product.id === productId ? { ...i, quantity } : i)));
}

export const removeFromCart = (cart: Cart, productId: string): Cart =>
  withTotal(cart.items.filter((i) => i.product.id !== productId));

export const clearCart = (): Cart => EMPTY_CART;

/** Only items are stored; the total is recomputed. Anything unreadable yields null (the caller logs it). */
export function parseStoredCart(raw: string | null): Cart | null {
  if (raw === null) return EMPTY_CART;
  try {
    const parsed: unknown = JSON.parse(raw);
    const items = (parsed as { items?: unknown })?.items;
    if (!Array.isArray(items)) return null;
    const valid = items.filter(
      (i): i is CartItem =>
        typeof i === 'object' &&
        i !== null &&
        isWholeQuantity((i as CartItem).quantity) &&
        typeof (i as CartItem).product?.id === 'string' &&
        typeof (i as CartItem).product?.name === 'string' &&
        typeof (i as CartItem).product?.buybackPrice === 'number' &&
        ['undefined', 'number'].includes(typeof (i as CartItem).previousPrice),
    );
    if (valid.length !== items.length) return null;
    return withTotal(valid);
  } catch {
    return null;
  }
}

export const serializeCart = (cart: Cart): string => JSON.stringify({ items: cart.items });
