import type { PaymentMethods } from '../schemas/settings.js';
import { CRYPTO_METHODS, type PayoutMethod, TRADITIONAL_METHODS } from './settings-defaults.js';

const SPECIAL_LABELS: Partial<Record<PayoutMethod, string>> = {
  achWire: 'ACH/Wire Transfer',
  usdcErc20: 'USDC (ERC-20)',
  usdtTrc20: 'USDT (TRC-20)',
};

/** achWire, usdcErc20 and usdtTrc20 have their own labels; other keys get their first letter capitalised. */
export const payoutMethodLabel = (method: string): string =>
  SPECIAL_LABELS[method as PayoutMethod] ?? method.charAt(0).toUpperCase() + method.slice(1);

export interface EnabledPayoutMethods {
  traditional: PayoutMethod[];
  crypto: PayoutMethod[];
}

/** Only the methods switched on in settings, in the spec's order. */
export function enabledPayoutMethods(methods: PaymentMethods): EnabledPayoutMethods {
  return {
    traditional: TRADITIONAL_METHODS.filter((m) => methods.traditional[m]),
    crypto: CRYPTO_METHODS.filter((m) => methods.crypto[m]),
  };
}

/** Check when it is offered (spec 000 §4), else the first offered method; null when none is offered. */
export function defaultPayoutMethod(enabled: EnabledPayoutMethods): PayoutMethod | null {
  const all = [...enabled.traditional, ...enabled.crypto];
  return all.includes('check') ? 'check' : (all[0] ?? null);
}

/** A mailed check takes days; the spec marks it '(5-7 days delivery)'. */
export const payoutMethodDisplay = (method: PayoutMethod): string =>
  method === 'check' ? `${payoutMethodLabel(method)} (5-7 days delivery)` : payoutMethodLabel(method);
