import type { GradedLine } from '../../shared/rules/inspection';
import type { OrderItem } from './entities';
import { differenceVars, inspectionSmsText, inspectionSummary, inspectionVars } from './order-emails';
import { smsNumberOf } from './sms/order-sms';

const line = (over: Partial<GradedLine> = {}): GradedLine => ({
  productId: 'p1',
  name: 'Verio <50ct>',
  priceCents: 2000,
  received: 4,
  accepted: 2,
  reductions: [{ count: 1, priceCents: 1250, reason: 'Short-dated & dented' }],
  rejections: [{ count: 1, reason: 'contaminated' }],
  photos: [],
  ...over,
});

const order = (over: Record<string, unknown> = {}) =>
  ({
    order_id: 'C1ABCDE',
    access_token: 'tok en',
    total_amount: 80,
    paid_amount: 52.5,
    payment_method: 'paypal',
    customer: { firstName: 'Jamie', lastName: 'R', email: 'j@example.com', phone: '(555) 123-4567' },
    shipping_address: { address: '1 Main', city: 'Austin', state: 'TX', zipCode: '78701' },
    products: [{ productId: 'p1', quantity: 4, price: 20, product: { name: 'Verio <50ct>' } }],
    inspection: {
      version: 1,
      lines: [line()],
      extras: [line({ name: 'Extra', received: 1, accepted: 1, reductions: [], rejections: [] })],
      quote_cents: 8000,
      amount_due_cents: 7250,
      inspected_at: '2026-11-20T00:00:00.000Z',
    },
    inspection_answer: { state: 'awaiting', due_at: '2026-12-04T10:00:00.000Z' },
    ...over,
  }) as unknown as OrderItem;

describe('inspectionSummary', () => {
  it('says per line what was accepted, reduced (price and reason) and not accepted (reason label)', () => {
    const { text, html } = inspectionSummary((order() as unknown as { inspection: never }).inspection);
    expect(text).toBe(
      '- Verio <50ct>: 2 accepted at full value; 1 accepted at $12.50 each: Short-dated & dented; 1 not accepted: Contaminated (not returned)\n\n' +
        'Items that were not on your order:\n- Extra: 1 accepted at full value',
    );
    expect(html).toContain('Verio &lt;50ct&gt;');
    expect(html).toContain('Short-dated &amp; dented');
    expect(html).not.toContain('<50ct>');
  });
  it('only the differences, for the completion e-mail', () => {
    const { text } = inspectionSummary((order() as unknown as { inspection: never }).inspection, true);
    expect(text).not.toContain('full value');
    expect(text).toContain('1 accepted at $12.50 each');
  });
});

describe('inspectionVars', () => {
  it('fills the quote, the amount due, the date to answer by and the secret link', () => {
    const vars = inspectionVars(order(), 'Strip Buyback', 'https://shop.example/');
    expect(vars).toMatchObject({
      quote: '$80.00',
      amount_due: '$72.50',
      answer_by: 'December 4, 2026',
      answer_url: 'https://shop.example/order-confirmation?token=tok%20en',
    });
    expect(vars.next_steps).toContain('Please choose by December 4, 2026');
    expect(inspectionSmsText(vars)).toBe(
      'Strip Buyback: we checked your box for order C1ABCDE. Amount due to you: $72.50. Please answer by December 4, 2026: https://shop.example/order-confirmation?token=tok%20en',
    );
  });
  it('nothing to answer: no date, the answered text', () => {
    const vars = inspectionVars(order({ inspection_answer: { state: 'not_needed' } }), 'S', 'https://s');
    expect(vars.answer_by).toBe('');
    expect(vars.next_steps).toContain('Everything was accepted');
  });
});

describe('differenceVars', () => {
  it('says why what was paid differs from the quote', () => {
    const vars = differenceVars(order());
    expect(vars.quote).toBe('$80.00');
    expect(vars.difference_text).toContain('Your quote was $80.00; we paid $52.50');
    expect(vars.difference_text).toContain('Contaminated (not returned)');
    expect(vars.difference_html).toContain('<table');
  });
  it('nothing when the amount paid is the quote, or the order was never inspected', () => {
    expect(differenceVars(order({ paid_amount: 80 })).difference_text).toBe('');
    expect(differenceVars(order({ inspection: undefined })).difference_html).toBe('');
    expect(differenceVars(order({ inspection: undefined })).quote).toBe('$80.00');
  });
});

describe('smsNumberOf', () => {
  it.each([
    ['(555) 123-4567', '+15551234567'],
    ['1-555-123-4567', '+15551234567'],
    ['+44 20 7946 0958', '+442079460958'],
    ['555-1234', null],
    ['', null],
    [undefined, null],
  ])('%s', (phone, e164) => {
    expect(smsNumberOf(phone)).toBe(e164);
  });
});
