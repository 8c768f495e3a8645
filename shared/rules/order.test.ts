import {
  formatPhone,
  generateOrderId,
  isOrderId,
  isOrderLinkExpired,
  paymentStatus,
  phoneDigits,
  sumLines,
} from './order.js';

describe('order id', () => {
  it("is 'C' plus 6 uppercase alphanumerics", () => {
    let n = 0;
    const id = generateOrderId(() => n++ % 36);
    expect(id).toBe('CABCDEF');
    expect(isOrderId(id)).toBe(true);
    expect(generateOrderId(() => 35)).toBe('C999999');
    for (let i = 0; i < 200; i++)
      expect(isOrderId(generateOrderId((k) => Math.floor(Math.random() * k)))).toBe(true);
  });

  it.each(['cABCDEF', 'C12345', 'C1234567', 'D123456', 'C12345a', ''])('rejects %j', (value) => {
    expect(isOrderId(value)).toBe(false);
  });
});

describe('payment status', () => {
  it('is Paid when paid_amount reaches total_amount, otherwise Pending', () => {
    expect(paymentStatus(76, 76)).toBe('Paid');
    expect(paymentStatus(80, 76)).toBe('Paid');
    expect(paymentStatus(75.99, 76)).toBe('Pending');
    expect(paymentStatus(0, 76)).toBe('Pending');
    expect(paymentStatus(null, 76)).toBe('Pending');
    expect(paymentStatus(undefined, 0)).toBe('Paid');
  });

  it('compares in cents', () => {
    expect(paymentStatus(0.1 + 0.2, 0.3)).toBe('Paid');
  });
});

describe('order arithmetic and formatting', () => {
  it('sums lines in cents', () => {
    expect(
      sumLines([
        { price: 19.99, quantity: 3 },
        { price: 0.1, quantity: 3 },
      ]),
    ).toBe(60.27);
  });

  it('masks phones as (999) 999-9999 while typing', () => {
    expect(formatPhone('5')).toBe('(5');
    expect(formatPhone('5551')).toBe('(555) 1');
    // Too many digits are kept (the schema then refuses them), never cut to a different number.
    expect(formatPhone('555123456789')).toBe('(555) 123-456789');
    // A leading country code 1 is dropped, however the number was written.
    expect(formatPhone('+1 614 555 0123')).toBe('(614) 555-0123');
    expect(formatPhone('16145550123')).toBe('(614) 555-0123');
    expect(formatPhone('1 (614) 555-0123')).toBe('(614) 555-0123');
    // Typed digit by digit: the eleventh digit of 1-614-555-0123 turns the mask into the real number.
    expect(formatPhone(`${formatPhone('1614555012')}3`)).toBe('(614) 555-0123');
    // Eleven digits without the country code do not fit: kept whole, refused by the form.
    expect(formatPhone('26145550123')).toBe('(261) 455-50123');
    expect(phoneDigits('(555) 123-4567')).toBe('5551234567');
    expect(formatPhone('')).toBe('');
  });

  it('expires order links after 45 days', () => {
    const created = '2026-01-01T00:00:00.000Z';
    expect(isOrderLinkExpired(created, new Date('2026-02-15T00:00:00.000Z'), 45)).toBe(false);
    expect(isOrderLinkExpired(created, new Date('2026-02-15T00:00:01.000Z'), 45)).toBe(true);
  });
});
