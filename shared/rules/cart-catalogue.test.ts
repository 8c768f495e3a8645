import type { Product } from '../schemas/product.js';
import { addToCart, EMPTY_CART, parseStoredCart, serializeCart, updateQuantity } from './cart.js';
import { checkCart, differsFromShown } from './cart-catalogue.js';

const product = (over: Partial<Product> & Pick<Product, 'id' | 'buybackPrice'>): Product => ({
  productId: 100,
  name: `Product ${over.id}`,
  brand: 'OneTouch',
  imageUrl: null,
  productType: 'Test Strips',
  expirationMonths: null,
  boxCount: 50,
  description: '',
  inStock: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

const asAdded = (p: Product) => ({
  id: p.id,
  name: p.name,
  brand: p.brand,
  imageUrl: p.imageUrl,
  buybackPrice: p.buybackPrice,
});

const strips = product({ id: 'a', buybackPrice: 30 });
const sensor = product({ id: 'b', buybackPrice: 45.1 });

/** A cart as the seller filled it: strips x2 and a sensor, at the prices of that day. */
const saved = addToCart(addToCart(EMPTY_CART, asAdded(strips), 2), asAdded(sensor), 1);

describe('checkCart: the stored cart against the catalogue now', () => {
  it('changes nothing when prices and stock are as they were', () => {
    const checked = checkCart(saved, [strips, sensor]);
    expect(checked.changed).toBe(false);
    expect(checked.cart).toEqual(saved);
    expect(checked.priceChanges).toEqual([]);
    expect(checked.unavailable).toEqual([]);
    expect(checked.total).toBe(105.1);
    expect(checked.lines.map((l) => l.availability)).toEqual(['available', 'available']);
  });

  it('uses the current price and says what it was when the item was added', () => {
    const checked = checkCart(saved, [{ ...strips, buybackPrice: 27.5 }, sensor]);
    expect(checked.changed).toBe(true);
    expect(checked.priceChanges.map((l) => [l.item.product.id, l.priceChange])).toEqual([
      ['a', { from: 30, to: 27.5 }],
    ]);
    expect(checked.cart.items[0]).toEqual({
      product: { ...asAdded(strips), buybackPrice: 27.5 },
      quantity: 2,
      previousPrice: 30,
    });
    expect(checked.cart.total).toBe(100.1);
    expect(checked.total).toBe(100.1);
  });

  it('keeps saying so after the cart is stored with the new price, and stays stable', () => {
    const changed = [{ ...strips, buybackPrice: 27.5 }, sensor];
    const stored = parseStoredCart(serializeCart(checkCart(saved, changed).cart))!;
    const again = checkCart(stored, changed);
    expect(again.changed).toBe(false);
    expect(again.priceChanges[0].priceChange).toEqual({ from: 30, to: 27.5 });
    // A quantity change keeps the price the item was added at.
    const more = checkCart(updateQuantity(stored, 'a', 3), changed);
    expect(more.priceChanges[0].priceChange).toEqual({ from: 30, to: 27.5 });
    expect(more.total).toBe(127.6);
  });

  it('compares with the price at adding, not an intermediate one, and forgets it when the price returns', () => {
    const first = checkCart(saved, [{ ...strips, buybackPrice: 27.5 }, sensor]).cart;
    const second = checkCart(first, [{ ...strips, buybackPrice: 32 }, sensor]);
    expect(second.priceChanges[0].priceChange).toEqual({ from: 30, to: 32 });
    const back = checkCart(second.cart, [strips, sensor]);
    expect(back.priceChanges).toEqual([]);
    expect(back.cart).toEqual(saved);
  });

  it('compares money in cents: 19.99 and 19.990000001 are the same price', () => {
    const cart = addToCart(EMPTY_CART, asAdded({ ...strips, buybackPrice: 19.99 }), 1);
    const checked = checkCart(cart, [{ ...strips, buybackPrice: 19.990000001 }]);
    expect(checked.priceChanges).toEqual([]);
  });

  it('flags a product out of stock or no longer sold, and leaves it out of the earnings', () => {
    const checked = checkCart(saved, [{ ...strips, inStock: false }]);
    expect(checked.lines.map((l) => l.availability)).toEqual(['outOfStock', 'discontinued']);
    expect(checked.unavailable.map((l) => l.item.product.id)).toEqual(['a', 'b']);
    expect(checked.total).toBe(0);
    // A product gone from the catalogue keeps what the seller saw, so the line still reads right.
    expect(checked.cart.items[1]).toEqual(saved.items[1]);
  });

  it('matches ids whatever their case, and takes the current name and image', () => {
    const renamed = { ...sensor, id: 'B', name: 'Dexcom G7 (10 day)', imageUrl: '/images/products/g7.png' };
    const checked = checkCart(saved, [strips, renamed]);
    expect(checked.cart.items[1].product).toMatchObject({
      id: 'b',
      name: 'Dexcom G7 (10 day)',
      imageUrl: '/images/products/g7.png',
    });
    expect(checked.priceChanges).toEqual([]);
  });
});

describe('differsFromShown: a fresh catalogue read just before submitting', () => {
  const shown = checkCart(saved, [strips, sensor]).cart.items;

  it('is false when the prices on screen are still current', () => {
    expect(differsFromShown(shown, checkCart(saved, [strips, sensor]))).toBe(false);
  });

  it('is true when a price moved since the page showed it', () => {
    expect(differsFromShown(shown, checkCart(saved, [strips, { ...sensor, buybackPrice: 40 }]))).toBe(true);
  });

  it('is true when a line can no longer be sold', () => {
    expect(differsFromShown(shown, checkCart(saved, [strips, { ...sensor, inStock: false }]))).toBe(true);
    expect(differsFromShown(shown, checkCart(saved, [strips]))).toBe(true);
  });
});

describe('parseStoredCart with a remembered price', () => {
  it('refuses a remembered price that is not a number', () => {
    const raw = JSON.stringify({
      items: [{ product: asAdded(strips), quantity: 1, previousPrice: '30' }],
    });
    expect(parseStoredCart(raw)).toBeNull();
  });
});
