import { formatMoney } from './money.js';

const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatMoney', () => {
  it('writes amounts as en-US Intl currency does', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(-0.25)).toBe('-$0.25');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('agrees with Intl on whole cents, half cents, signs, zeros and thousands separators', () => {
    const amounts = [-0, 0.005, 0.015, 0.125, 1.005, 1.115, 2.675, 999.995, 1e6, 123456789.99, -1234567.891];
    for (let cents = -200_000; cents <= 200_000; cents += 37)
      amounts.push(cents / 100, cents / 1000 + 0.0049);
    for (let i = 0; i < 2_000; i++) amounts.push(Math.round((i * 7919.123457) % 1e9) / 1000);
    const disagreements = amounts.filter((amount) => formatMoney(amount) !== intl.format(amount));
    expect(disagreements.map((amount) => [amount, formatMoney(amount), intl.format(amount)])).toEqual([]);
    expect(amounts.length).toBeGreaterThan(12_000);
  });
});
