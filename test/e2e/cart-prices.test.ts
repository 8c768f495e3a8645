/// <reference lib="dom" />
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { order as orderEntity, product as productEntity } from '../../functions/lib/entities';
import { messages } from '../../shared/messages';
import { formatMoney, lineTotal } from '../../shared/rules/money';
import { productPath } from '../../shared/rules/slug';
import type { Product } from '../../shared/schemas/product';
import { expectAccessible, launchBrowser, newPage, pageErrors, type ViewportName } from '../support/browser';
import { catalogue, uniqueEmail } from '../support/checkout';
import { getItem, testDb } from '../support/db';
import { stack } from '../support/stack';

jest.setTimeout(180_000);

/**
 * Issue 13, stale cart prices: a cart saved before staff change a price shows the catalogue's current price on
 * the cart and at checkout, says what changed before the seller submits, and the order is made at that price.
 */

let browser: Browser;
let products: Product[];
beforeAll(async () => {
  browser = await launchBrowser();
  // Off the products other files pick (the first in-stock ones), and restored after each test.
  products = (await catalogue()).filter((p) => p.inStock).slice(-2);
});
afterAll(async () => {
  await browser?.close();
});

const site = (path = '/') => `${stack().urls.site}${path}`;
const QUANTITY = 2;

/** Staff's change, straight in the table (what the admin product form writes). */
async function setProduct(id: string, fields: { buybackprice?: number; instock?: boolean }) {
  const names = Object.keys(fields);
  await testDb().send(
    new UpdateCommand({
      TableName: stack().tableName,
      Key: productEntity.key(id),
      UpdateExpression: `SET ${names.map((n) => `#${n} = :${n}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n) => [`#${n}`, n])),
      ExpressionAttributeValues: Object.fromEntries(Object.entries(fields).map(([n, v]) => [`:${n}`, v])),
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
}

async function addToCart(page: Page, product: Product, quantity: number) {
  await page.goto(site(productPath(product)));
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.getByLabel('Quantity (boxes)').selectOption(String(quantity));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('link', { name: 'Go to Cart' }).waitFor();
}

async function waitForText(page: Page, testId: string, text: string) {
  await page
    .waitForFunction(([id, t]) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.includes(t), [
      testId,
      text,
    ] as const)
    .catch(async () => {
      const actual = await page.getByTestId(testId).first().textContent();
      throw new Error(`[data-testid=${testId}] never showed ${JSON.stringify(text)}; it shows ${actual}`);
    });
}

const storedCart = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('shopping-cart') ?? '{"items":[]}'));

async function fillCheckout(page: Page, email: string) {
  await page.getByLabel('First Name').fill('Ann');
  await page.getByLabel('Last Name').fill('Lee');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('5125550188');
  await page.getByLabel('Street Address').fill('100 Congress Ave');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').fill('TX');
  await page.getByLabel('ZIP Code').fill('78701');
  await page.getByLabel(/^I confirm my items are sealed/).check();
}

// The cart and checkout do not branch on the viewport here: desktop only. test/e2e/mobile-accessibility.test.ts
// runs axe on both pages on a phone.
describe('a saved cart after a price change, on desktop', () => {
  const viewport: ViewportName = 'desktop';
  let page: Page;
  let product: Product;
  let from: number;
  let to: number;

  beforeAll(async () => {
    product = products[0];
    from = product.buybackPrice;
    to = Math.round((from + 4.25) * 100) / 100;
  });
  beforeEach(async () => {
    page = await newPage(browser, viewport);
  });
  afterEach(async () => {
    await setProduct(product.id, { buybackprice: from, instock: true });
    await page.context().close();
  });

  it('shows the new price and says so on the cart and at checkout; the order is made at that price', async () => {
    await addToCart(page, product, QUANTITY);
    await page.goto(site('/cart'));
    await waitForText(page, 'cart-total', formatMoney(lineTotal(from, QUANTITY)));
    expect(await page.getByTestId('price-change-notice').count()).toBe(0);

    await setProduct(product.id, { buybackprice: to });
    await page.reload();
    const notice = page.getByTestId('price-change-notice');
    const line = messages.cart.priceChanged(product.name, formatMoney(from), formatMoney(to));
    await notice.getByText(messages.cart.pricesChangedTitle).waitFor();
    await notice.getByText(line).waitFor();
    await waitForText(page, 'cart-total', formatMoney(lineTotal(to, QUANTITY)));
    await waitForText(page, 'line-total', formatMoney(lineTotal(to, QUANTITY)));
    await waitForText(page, 'unit-price', `${formatMoney(to)} per box`);
    // Once shown, the saved cart holds the current price and remembers the one it was added at.
    await page.waitForFunction(
      (price) =>
        JSON.parse(localStorage.getItem('shopping-cart') ?? '{}').items?.[0]?.product?.buybackPrice === price,
      to,
    );
    expect((await storedCart(page)).items).toEqual([
      expect.objectContaining({ quantity: QUANTITY, previousPrice: from }),
    ]);
    await expectAccessible(page, `cart with a price change (${viewport})`);

    // A reload still says so: the notice lasts until the sale, not only until the cart is rewritten.
    await page.reload();
    await notice.getByText(line).waitFor();

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/checkout$/);
    await notice.getByText(line).waitFor();
    await waitForText(page, 'checkout-earnings', formatMoney(lineTotal(to, QUANTITY)));
    await waitForText(page, 'checkout-total', formatMoney(lineTotal(to, QUANTITY)));
    await expectAccessible(page, `checkout with a price change (${viewport})`);

    const email = uniqueEmail(`prices-${viewport}`);
    await fillCheckout(page, email);
    await page.getByTestId('checkout-submit').click();
    await page.waitForURL(/\/order-confirmation$/, { timeout: 20_000 });
    await waitForText(page, 'order-total', formatMoney(lineTotal(to, QUANTITY)));
    const orderId = (await page.getByTestId('order-number').textContent())!.trim();
    const stored = await getItem(orderEntity.key(orderId));
    expect(stored).toMatchObject({
      total_amount: lineTotal(to, QUANTITY),
      products: [expect.objectContaining({ quantity: QUANTITY, price: to })],
    });
    expect(pageErrors(page)).toEqual([]);
  });

  it('a price changed moments after the catalogue was read shows on the cart and checkout opened from the site itself', async () => {
    // The product page read the catalogue; the cart and checkout are reached by the site's own links, within
    // the time the catalogue counts as fresh, so nothing reloads the page.
    await addToCart(page, product, QUANTITY);
    await setProduct(product.id, { buybackprice: to });
    await page.getByRole('link', { name: 'Go to Cart' }).click();
    await page.waitForURL(/\/cart$/);
    const line = messages.cart.priceChanged(product.name, formatMoney(from), formatMoney(to));
    await page.getByTestId('price-change-notice').getByText(line).waitFor();
    await waitForText(page, 'cart-total', formatMoney(lineTotal(to, QUANTITY)));
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/checkout$/);
    await page.getByTestId('price-change-notice').getByText(line).waitFor();
    await waitForText(page, 'checkout-earnings', formatMoney(lineTotal(to, QUANTITY)));

    // And straight to checkout: a further change made while the cart was open shows there before the form.
    const later = Math.round((to + 1.5) * 100) / 100;
    await page.goBack();
    await page.waitForURL(/\/cart$/);
    await setProduct(product.id, { buybackprice: later });
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/checkout$/);
    await waitForText(page, 'checkout-earnings', formatMoney(lineTotal(later, QUANTITY)));
    await page
      .getByTestId('price-change-notice')
      .getByText(messages.cart.priceChanged(product.name, formatMoney(from), formatMoney(later)))
      .waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it('a price that moves while checkout is open stops the submit and is shown first', async () => {
    await addToCart(page, product, QUANTITY);
    await page.goto(site('/checkout'));
    await page.getByLabel('First Name').waitFor();
    await waitForText(page, 'checkout-earnings', formatMoney(lineTotal(from, QUANTITY)));
    await fillCheckout(page, uniqueEmail(`prices-late-${viewport}`));

    await setProduct(product.id, { buybackprice: to });
    await page.getByTestId('checkout-submit').click();
    await page.getByTestId('checkout-error').getByText(messages.cart.pricesMovedOnSubmit).waitFor();
    await page
      .getByTestId('price-change-notice')
      .getByText(messages.cart.priceChanged(product.name, formatMoney(from), formatMoney(to)))
      .waitFor();
    await waitForText(page, 'checkout-earnings', formatMoney(lineTotal(to, QUANTITY)));
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await expectAccessible(page, `checkout stopped by a price change (${viewport})`);
    expect(pageErrors(page)).toEqual([]);
  });

  it('an item out of stock is flagged and holds the cart and checkout back', async () => {
    await addToCart(page, product, 1);
    await setProduct(product.id, { instock: false });
    await page.goto(site('/cart'));
    const unavailable = page.getByTestId('cart-unavailable-notice');
    await unavailable.getByText(messages.checkout.productUnavailable(product.name)).waitFor();
    await page.getByTestId('cart-line').getByText(messages.cart.outOfStock).waitFor();
    expect(await page.getByRole('link', { name: 'Proceed to Checkout' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Proceed to Checkout' }).isDisabled()).toBe(true);
    await expectAccessible(page, `cart with an item out of stock (${viewport})`);

    await page.goto(site('/checkout'));
    await unavailable.getByText(messages.checkout.productUnavailable(product.name)).waitFor();
    expect(await page.getByTestId('checkout-submit').isDisabled()).toBe(true);
    await unavailable.getByRole('link', { name: messages.cart.reviewCart }).waitFor();
    await expectAccessible(page, `checkout with an item out of stock (${viewport})`);

    // Back in stock: the flag goes and checkout opens again.
    await setProduct(product.id, { instock: true });
    await page.goto(site('/cart'));
    await page.getByRole('link', { name: 'Proceed to Checkout' }).waitFor();
    expect(await unavailable.count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });
});
