import { describe, expect, test } from '@jest/globals';
import { suggestedPaymentMethod } from './pay-method';

describe("the pay dialog's first method", () => {
  test("is the seller's checkout choice, as the back office names it", () => {
    expect(suggestedPaymentMethod('paypal')).toBe('paypal');
    expect(suggestedPaymentMethod('cashapp')).toBe('cashapp');
    expect(suggestedPaymentMethod('bitcoin')).toBe('btc');
    expect(suggestedPaymentMethod('usdtTrc20')).toBe('usdt');
  });
  test('is left to choose where the back office has no such method', () => {
    expect(suggestedPaymentMethod('achWire')).toBe('');
    expect(suggestedPaymentMethod('usdcErc20')).toBe('');
    expect(suggestedPaymentMethod('')).toBe('');
  });
});
