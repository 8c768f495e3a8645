/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { receivingMessages as r } from '../../shared/admin-messages';
import { inspectionMessages as im } from '../../shared/messages';
import { REJECTION_REASON_LABELS } from '../../shared/rules/inspection';
import { formatMoney, fromCents, toCents } from '../../shared/rules/money';
import type { OrderConfirmation } from '../../shared/schemas/order';
import type { Product } from '../../shared/schemas/product';
import { signInAsStaff } from '../support/admin-browser';
import { expectAccessible, launchBrowser, newPage, pageErrors, type ViewportName } from '../support/browser';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { requestLabel, waitForLabel } from '../support/labels';
import { type CapturedEmail, waitForMail } from '../support/mail';
import { stack } from '../support/stack';

jest.setTimeout(300_000);

const site = (path = '/') => `${stack().urls.site}${path}`;

let browser: Browser;
let products: Product[];
beforeAll(async () => {
  browser = await launchBrowser();
  // Two products whose price leaves room for a reduced one.
  products = (await catalogue()).filter((p) => p.inStock && p.buybackPrice >= 2).slice(0, 2);
  if (products.length < 2) throw new Error('the seeded catalogue needs two products in stock');
});
afterAll(async () => {
  await browser?.close();
});

/** The e-mail to `to` whose subject matches, waiting for the queue and the worker. */
async function mailMatching(to: string, subject: RegExp, timeoutMs = 30_000): Promise<CapturedEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await waitForMail(to, 1, timeoutMs)).find((mail) => subject.test(mail.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The visible one of a control drawn twice (a list's table row and its card: one is display:none). */
const visible = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true }).first();

describe.each<ViewportName>(['desktop', 'mobile'])(
  'receiving, grading and paying a box on %s',
  (viewport) => {
    let staff: Page;
    let seller: Page;
    let order: OrderConfirmation;
    let email: string;
    let tracking: string;
    let reducedPrice: number;
    let amountDue: number;

    beforeAll(async () => {
      email = uniqueEmail(`receiving-${viewport}`);
      const [first, second] = products;
      const created = await postOrder(
        checkoutBody(email, [
          { productId: first.id, quantity: 2 },
          { productId: second.id, quantity: 2 },
        ]),
      );
      expect(created.status).toBe(201);
      order = created.body as unknown as OrderConfirmation;
      expect((await requestLabel(order)).status).toBeLessThan(300);
      const label = await waitForLabel(order, ['purchased']);
      tracking = label.trackingNumber ?? '';
      expect(tracking).not.toBe('');
      // The first product: one accepted, one rejected. The second: one accepted, one at half its price.
      reducedPrice = fromCents(Math.max(1, Math.floor(toCents(second.buybackPrice) / 2)));
      amountDue = fromCents(
        toCents(first.buybackPrice) + toCents(second.buybackPrice) + toCents(reducedPrice),
      );
      staff = await newPage(browser, viewport);
      await signInAsStaff(staff);
      seller = await newPage(browser, viewport);
    });
    afterAll(async () => {
      await staff?.context().close();
      await seller?.context().close();
    });

    it('finds the box by its scanned tracking number and marks it received', async () => {
      await staff.goto(site('/admin/receiving'));
      await staff.getByRole('heading', { level: 1, name: r.title }).waitFor();
      const field = staff.getByLabel(r.scanLabel);
      // The field has focus: a scanner types into it straight away.
      expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectAccessible(staff, `receiving (${viewport})`);

      // An unknown code says so.
      await field.pressSequentially('9400NOSUCHCODE');
      await field.press('Enter');
      await staff
        .getByTestId('unknown-code')
        .filter({ hasText: r.unknownCode('9400NOSUCHCODE') })
        .waitFor();

      // A scanner types the label's number and presses Enter.
      await field.fill('');
      await field.pressSequentially(tracking);
      await field.press('Enter');
      const found = staff.getByTestId('found-order');
      await found.getByRole('heading', { name: `Order #${order.orderId}` }).waitFor();
      await found.getByText(products[0].name).first().waitFor();
      await expectAccessible(staff, `receiving, order found (${viewport})`);

      await found.getByRole('button', { name: r.markReceived }).click();
      await found.getByTestId('received-state').filter({ hasText: r.receivedNow }).waitFor();
      // Today's list names it, newest first.
      const today = staff.getByTestId('received-today');
      await today.getByRole('link', { name: `#${order.orderId}` }).waitFor();
      expect((await today.getByRole('rowheader').first().textContent())?.trim()).toBe(`#${order.orderId}`);

      // Found again, it says when and by whom.
      await field.fill(order.orderId);
      await field.press('Enter');
      await found
        .getByTestId('received-state')
        .filter({ hasText: /^Already received/ })
        .waitFor();
      await found.getByTestId('inspect-link').click();
      await staff.waitForURL((url) => url.pathname === `/admin/receiving/${order.orderId}`);
    });

    it('inspects the box with one rejected and one reduced line; the server computes the amount due', async () => {
      await staff.getByRole('heading', { level: 1, name: r.inspectionTitle(order.orderId) }).waitFor();
      await expectAccessible(staff, `inspection form (${viewport})`);
      const [rejectedLine, reducedLine] = [
        staff.getByTestId('inspect-lines').nth(0),
        staff.getByTestId('inspect-lines').nth(1),
      ];

      // Counts that do not add up are refused in the browser, beside the field.
      await rejectedLine.getByTestId('accepted-count').fill('1');
      await staff.getByTestId('save-inspection').click();
      await staff.getByText(r.countsDontAddUp(products[0].name)).waitFor();

      await rejectedLine.getByTestId('add-rejection').click();
      await rejectedLine.getByTestId('rejected-count').fill('1');
      await rejectedLine.getByTestId('rejected-reason').selectOption('expired');

      await reducedLine.getByTestId('accepted-count').fill('1');
      await reducedLine.getByTestId('add-reduction').click();
      await reducedLine.getByTestId('reduced-count').fill('1');
      await reducedLine.getByTestId('reduced-price').fill(reducedPrice.toFixed(2));
      await reducedLine.getByTestId('reduced-reason').fill('Short-dated');
      await expectAccessible(staff, `inspection form filled (${viewport})`);

      await staff.getByTestId('save-inspection').click();
      await staff
        .getByTestId('inspection-notice')
        .filter({ hasText: r.savedAmount(formatMoney(amountDue)) })
        .waitFor();
      const saved = staff.getByTestId('saved-inspection');
      expect(await saved.getByTestId('inspection-amount-due').textContent()).toBe(formatMoney(amountDue));
      await saved.getByText(im.rejected(1, REJECTION_REASON_LABELS.expired)).waitFor();
      await saved.getByText(im.reduced(1, formatMoney(reducedPrice), 'Short-dated')).waitFor();
      await expect(saved.getByTestId('answer-state').getAttribute('data-state')).resolves.toBe('awaiting');
    });

    it("the tracking page shows the inspection read-only and sends the seller to the e-mail's link", async () => {
      await seller.goto(site('/order-status'));
      await seller.getByLabel('Order Number').fill(order.orderId);
      await seller.getByLabel('Email').fill(email);
      await seller.getByRole('button', { name: 'Track Order' }).click();
      const section = seller.getByTestId('inspection');
      await section.getByRole('heading', { name: im.title }).waitFor();
      expect(await section.getByTestId('inspection-amount-due').textContent()).toBe(formatMoney(amountDue));
      await section.getByTestId('answer-from-email').filter({ hasText: im.answerFromEmail }).waitFor();
      expect(await section.getByRole('button').count()).toBe(0);
      await expectAccessible(seller, `tracking with the inspection (${viewport})`);
    });

    it('the seller sees it on the secret link and asks for the rejected items back', async () => {
      await seller.goto(site(`/order-confirmation?token=${order.accessToken}`));
      const section = seller.getByTestId('inspection');
      await section.getByRole('heading', { name: im.title }).waitFor();
      expect(await section.getByTestId('inspection-amount-due').textContent()).toBe(formatMoney(amountDue));
      expect(await section.getByTestId('inspection-quote').textContent()).toBe(formatMoney(order.total));
      await section.getByText(im.rejected(1, REJECTION_REASON_LABELS.expired)).waitFor();
      await section.getByText(im.reduced(1, formatMoney(reducedPrice), 'Short-dated')).waitFor();
      await section.getByRole('heading', { name: im.answerTitle }).waitFor();
      await section.getByText(im.awaitingText).waitFor();
      expect(await section.getByTestId('returned-items').textContent()).toContain(products[0].name);
      await expectAccessible(seller, `secret link with the inspection (${viewport})`);

      await section.getByRole('button', { name: im.askBack }).click();
      await section.getByTestId('answered').filter({ hasText: im.answered.return_requested }).waitFor();
      expect(await section.getByRole('button', { name: im.accept }).count()).toBe(0);
      expect(pageErrors(seller)).toEqual([]);
    });

    it('staff buy the return label', async () => {
      await staff.reload();
      const saved = staff.getByTestId('saved-inspection');
      await saved.getByTestId('answer-state').and(staff.locator('[data-state="return_requested"]')).waitFor();
      await saved.getByRole('button', { name: r.buyReturnLabel }).click();
      await saved.getByText(r.returnLabelBought).waitFor({ timeout: 60_000 });
      await saved.getByTestId('return-label').waitFor();
      expect(await saved.getByRole('button', { name: r.buyReturnLabel }).count()).toBe(0);
    });

    it('pays the amount due from Payouts, and the completion e-mail states it', async () => {
      await staff.goto(site(`/admin/payouts?q=${order.orderId}`));
      await staff.getByRole('heading', { level: 1, name: r.payoutsTitle }).waitFor();
      await staff.getByTestId('payouts-overview').getByText(r.acceptanceRate).waitFor();
      await visible(staff, 'payout-amount')
        .filter({ hasText: formatMoney(amountDue) })
        .waitFor();
      await expectAccessible(staff, `payouts (${viewport})`);

      await visible(staff, 'pay-order').click();
      const dialog = staff.getByRole('dialog', { name: r.payTitle(order.orderId) });
      await dialog.waitFor();
      // The seller chose a check at checkout: the dialog starts there.
      expect(await dialog.getByTestId('pay-method').inputValue()).toBe('check');
      await dialog.getByText(r.payConfirm(formatMoney(amountDue), 'Check')).waitFor();
      await expectAccessible(staff, `pay dialog (${viewport})`);
      await dialog.getByLabel(r.payNotes).fill('Check no. 1001');
      await dialog.getByRole('button', { name: r.pay }).click();
      await dialog.waitFor({ state: 'detached' });
      await staff.getByText(r.paid).waitFor();
      await staff.getByText(r.payoutsEmpty).waitFor();

      const mail = await mailMatching(email, /is complete/);
      expect(mail.text).toContain(formatMoney(amountDue));
      expect(mail.html).toContain(formatMoney(amountDue));
      expect(pageErrors(staff)).toEqual([]);
    });
  },
);
