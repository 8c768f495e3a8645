import {
  addToCart,
  cartQuantity,
  clearCart,
  EMPTY_CART,
  parseStoredCart,
  removeFromCart,
  serializeCart,
  updateQuantity,
} from './cart.js';

const strips = { id: 'a', name: 'OneTouch Ultra', imageUrl: null, buybackPrice: 19.99 };
const sensor = { id: 'b', name: 'Dexcom G7', imageUrl: '/images/b.svg', buybackPrice: 45.1 };

describe('cart arithmetic', () => {
  it('appends new lines and raises the quantity of an existing one', () => {
    let cart = addToCart(EMPTY_CART, strips, 2);
    cart = addToCart(cart, sensor, 1);
    cart = addToCart(cart, strips, 3);
    expect(cart.items).toEqual([
      { product: strips, quantity: 5 },
      { product: sensor, quantity: 1 },
    ]);
    expect(cart.total).toBe(145.05);
    expect(cartQuantity(cart.items)).toBe(6);
  });

  it('sums in cents so totals do not drift', () => {
    const cart = addToCart(EMPTY_CART, { ...strips, buybackPrice: 0.1 }, 3);
    expect(cart.total).toBe(0.3);
  });

  it('ignores quantities below 1 or not whole when adding or updating', () => {
    const cart = addToCart(EMPTY_CART, strips, 1);
    expect(addToCart(cart, sensor, 0)).toBe(cart);
    expect(addToCart(cart, sensor, -2)).toBe(cart);
    expect(addToCart(cart, sensor, 1.5)).toBe(cart);
    expect(updateQuantity(cart, 'a', 0)).toBe(cart);
    expect(updateQuantity(cart, 'a', 4).items[0].quantity).toBe(4);
    expect(updateQuantity(cart, 'a', 4).total).toBe(79.96);
  });

  it('keeps each line within the server bound of 100 boxes', () => {
    let cart = addToCart(EMPTY_CART, strips, 95);
    cart = addToCart(cart, strips, 10);
    expect(cart.items[0].quantity).toBe(100);
    expect(updateQuantity(cart, 'a', 101)).toBe(cart);
    expect(addToCart(EMPTY_CART, sensor, 250).items[0].quantity).toBe(100);
  });

  it('removes a line and clears the cart', () => {
    const cart = addToCart(addToCart(EMPTY_CART, strips, 1), sensor, 2);
    expect(removeFromCart(cart, 'a').items.map((i) => i.product.id)).toEqual(['b']);
    expect(removeFromCart(cart, 'a').total).toBe(90.2);
    expect(clearCart()).toEqual({ items: [], total: 0 });
  });
});

describe('stored cart', () => {
  it('stores only items and recomputes the total on load', () => {
    const cart = addToCart(EMPTY_CART, strips, 2);
    const raw = serializeCart(cart);
    expect(JSON.parse(raw)).toEqual({ items: cart.items });
    expect(parseStoredCart(raw)).toEqual(cart);
    expect(parseStoredCart(JSON.stringify({ items: cart.items, total: 99999 }))?.total).toBe(39.98);
  });

  it('treats nothing stored as an empty cart and unreadable data as null', () => {
    expect(parseStoredCart(null)).toEqual(EMPTY_CART);
    expect(parseStoredCart('{not json')).toBeNull();
    expect(parseStoredCart('{"items":"nope"}')).toBeNull();
    expect(parseStoredCart('{"items":[{"product":{"id":"a"},"quantity":1}]}')).toBeNull();
    expect(
      parseStoredCart('{"items":[{"product":{"id":"a","name":"x","buybackPrice":1},"quantity":0}]}'),
    ).toBeNull();
  });
});
