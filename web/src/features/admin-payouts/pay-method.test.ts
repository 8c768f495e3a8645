import { describe, expect, test } from '@jest/globals';
import { suggestedPaymentMethod } from './pay-method';

describe("the pay dialog's first method", () => {
  test("is the seller's checkout choice, as the back office names it", () => {
    expect(suggestedPaymentMethod('paypal')).toBe('paypal');
    expect(suggestedPaymentMethod('cashapp')).toBe('cashapp');
    expect(suggestedPaymentMethod('bitcoin')).toBe('btc');
    expect(suggestedPaymentMethod('usdtTrc20')).toBe('usdt');
  });
  test('reads the label the payouts list sends as well as the key', () => {
    expect(suggestedPaymentMethod('Check')).toBe('check');
    expect(suggestedPaymentMethod('Cashapp')).toBe('cashapp');
    expect(suggestedPaymentMethod('Bitcoin')).toBe('btc');
    expect(suggestedPaymentMethod('USDT (TRC-20)')).toBe('usdt');
    expect(suggestedPaymentMethod('ACH/Wire Transfer')).toBe('');
  });
  test('is left to choose where the back office has no such method', () => {
    expect(suggestedPaymentMethod('achWire')).toBe('');
    expect(suggestedPaymentMethod('usdcErc20')).toBe('');
    expect(suggestedPaymentMethod('')).toBe('');
  });
});
