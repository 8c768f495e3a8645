import type { Product } from '../schemas/product.js';
import { type Cart, type CartItem, type CartProduct, cartTotal, serializeCart } from './cart.js';
import { toCents } from './money.js';

/** Whether a cart line can be sold now: still in the catalogue and in stock. */
export type CartLineAvailability = 'available' | 'outOfStock' | 'discontinued';

export interface PriceChange {
  /** The price per box when the seller added the item. */
  from: number;
  /** The catalogue's price per box now. */
  to: number;
}

export interface CheckedCartLine {
  /** The line with the catalogue's current name, image and price. */
  item: CartItem;
  availability: CartLineAvailability;
  /** Set while the price differs from the one the seller added the item at. */
  priceChange: PriceChange | null;
}

export interface CheckedCart {
  lines: CheckedCartLine[];
  /** The cart to store: current prices, with each changed line remembering the price it was added at. */
  cart: Cart;
  /** True when `cart` differs from the stored cart (so it should be written back). */
  changed: boolean;
  /** The lines whose price changed since they were added. */
  priceChanges: CheckedCartLine[];
  /** Lines that cannot be sold now: the seller must remove them before checking out. */
  unavailable: CheckedCartLine[];
  /** What the lines that can be sold earn at today's prices. */
  total: number;
}

const sameMoney = (a: number, b: number): boolean => toCents(a) === toCents(b);

function refreshLine(item: CartItem, product: Product | undefined): CheckedCartLine {
  if (!product) return { item, availability: 'discontinued', priceChange: null };
  const current: CartProduct = {
    id: item.product.id,
    name: product.name,
    brand: product.brand,
    imageUrl: product.imageUrl,
    buybackPrice: product.buybackPrice,
  };
  const addedAt = item.previousPrice ?? item.product.buybackPrice;
  const priceChange = sameMoney(addedAt, product.buybackPrice)
    ? null
    : { from: addedAt, to: product.buybackPrice };
  const refreshed: CartItem = priceChange
    ? { product: current, quantity: item.quantity, previousPrice: addedAt }
    : { product: current, quantity: item.quantity };
  return { item: refreshed, availability: product.inStock ? 'available' : 'outOfStock', priceChange };
}

/**
 * The stored cart compared with the catalogue as it is now. The server prices every order from the catalogue;
 * this is what lets the cart and checkout show those same prices, and say which changed since the seller added
 * them and which products can no longer be sold, before anything is submitted.
 */
export function checkCart(cart: Cart, catalogue: readonly Product[]): CheckedCart {
  const byId = new Map(catalogue.map((p) => [p.id.toLowerCase(), p]));
  const lines = cart.items.map((item) => refreshLine(item, byId.get(item.product.id.toLowerCase())));
  const items = lines.map((line) => line.item);
  const next: Cart = { items, total: cartTotal(items) };
  const sellable = lines.filter((line) => line.availability === 'available').map((line) => line.item);
  return {
    lines,
    cart: next,
    changed: serializeCart(next) !== serializeCart(cart),
    priceChanges: lines.filter((line) => line.priceChange !== null),
    unavailable: lines.filter((line) => line.availability !== 'available'),
    total: cartTotal(sellable),
  };
}

/**
 * Whether a fresh look at the catalogue shows the seller something the page has not shown yet: a price other
 * than the one on screen, or a line that can no longer be sold. Checkout stops there rather than submitting.
 */
export function differsFromShown(shown: readonly CartItem[], fresh: CheckedCart): boolean {
  const shownPrice = new Map(shown.map((item) => [item.product.id, item.product.buybackPrice]));
  return fresh.lines.some((line) => {
    if (line.availability !== 'available') return true;
    const before = shownPrice.get(line.item.product.id);
    return before === undefined || !sameMoney(before, line.item.product.buybackPrice);
  });
}
