import { ADMIN_PAYMENT_METHODS, type AdminPaymentMethod } from '@shared/schemas/admin-orders';

/** Checkout's payout keys that the back office logs under another name. */
const CHECKOUT_TO_ADMIN: Record<string, AdminPaymentMethod> = {
  bitcoin: 'btc',
  ethereum: 'eth',
  solana: 'sol',
  usdtTrc20: 'usdt',
};

/**
 * The payment method the dialog starts on: the one the seller chose at checkout, as the back office names it;
 * '' (choose one) where the back office has no such method (ACH/Wire, USDC).
 */
export function suggestedPaymentMethod(sellerMethod: string): AdminPaymentMethod | '' {
  if ((ADMIN_PAYMENT_METHODS as readonly string[]).includes(sellerMethod))
    return sellerMethod as AdminPaymentMethod;
  return CHECKOUT_TO_ADMIN[sellerMethod] ?? '';
}
