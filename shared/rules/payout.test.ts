import {
  defaultPayoutMethod,
  enabledPayoutMethods,
  payoutMethodDisplay,
  payoutMethodLabel,
} from './payout.js';
import { DEFAULT_PUBLIC_SETTINGS } from './settings-defaults.js';

describe('payout methods', () => {
  it('labels the three special keys and capitalises the rest', () => {
    expect(payoutMethodLabel('achWire')).toBe('ACH/Wire Transfer');
    expect(payoutMethodLabel('usdcErc20')).toBe('USDC (ERC-20)');
    expect(payoutMethodLabel('usdtTrc20')).toBe('USDT (TRC-20)');
    expect(payoutMethodLabel('check')).toBe('Check');
    expect(payoutMethodLabel('cashapp')).toBe('Cashapp');
    expect(payoutMethodLabel('bitcoin')).toBe('Bitcoin');
  });

  it('marks check with its delivery time', () => {
    expect(payoutMethodDisplay('check')).toBe('Check (5-7 days delivery)');
    expect(payoutMethodDisplay('paypal')).toBe('Paypal');
  });

  it('offers only enabled methods, check alone by default', () => {
    expect(enabledPayoutMethods(DEFAULT_PUBLIC_SETTINGS.payment_methods)).toEqual({
      traditional: ['check'],
      crypto: [],
    });
    const methods = {
      traditional: {
        ...DEFAULT_PUBLIC_SETTINGS.payment_methods.traditional,
        check: false,
        zelle: true,
        achWire: true,
      },
      crypto: { ...DEFAULT_PUBLIC_SETTINGS.payment_methods.crypto, solana: true },
    };
    expect(enabledPayoutMethods(methods)).toEqual({ traditional: ['zelle', 'achWire'], crypto: ['solana'] });
  });

  it('defaults to check when offered, else the first offered method, else none', () => {
    expect(defaultPayoutMethod({ traditional: ['paypal', 'check'], crypto: ['bitcoin'] })).toBe('check');
    expect(defaultPayoutMethod({ traditional: ['zelle', 'venmo'], crypto: [] })).toBe('zelle');
    expect(defaultPayoutMethod({ traditional: [], crypto: ['solana'] })).toBe('solana');
    expect(defaultPayoutMethod({ traditional: [], crypto: [] })).toBeNull();
  });
});
