import { payoutMethodLabel } from '@shared/rules/payout';
import { PAYOUT_METHODS } from '@shared/rules/settings-defaults';
import { ADMIN_PAYMENT_METHODS, type AdminPaymentMethod } from '@shared/schemas/admin-orders';

/** Checkout's payout keys that the back office logs under another name. */
const CHECKOUT_TO_ADMIN: Record<string, AdminPaymentMethod> = {
  bitcoin: 'btc',
  ethereum: 'eth',
  solana: 'sol',
  usdtTrc20: 'usdt',
};

/** A checkout payout method as its key, whether the list sent the key ('achWire') or its label ('ACH/Wire Transfer'). */
const checkoutKey = (method: string): string =>
  PAYOUT_METHODS.find(
    (key) => key === method || payoutMethodLabel(key).toLowerCase() === method.toLowerCase(),
  ) ?? method;

/**
 * The payment method the dialog starts on: the one the seller chose at checkout, as the back office names it;
 * '' (choose one) where the back office has no such method (ACH/Wire, USDC).
 */
export function suggestedPaymentMethod(sellerMethod: string): AdminPaymentMethod | '' {
  const key = checkoutKey(sellerMethod.trim());
  if ((ADMIN_PAYMENT_METHODS as readonly string[]).includes(key)) return key as AdminPaymentMethod;
  return CHECKOUT_TO_ADMIN[key] ?? '';
}
