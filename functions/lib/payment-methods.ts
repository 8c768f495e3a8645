import { DIRECT_DEPOSIT } from '../../shared/constants.js';
import { payoutMethodLabel } from '../../shared/rules/payout.js';
import { ADMIN_PAYMENT_METHOD_LABELS, type AdminPaymentMethod } from '../../shared/schemas/admin-orders.js';

/** A payment method as people read it: staff's logged methods, checkout's payout methods, or as stored. */
export function paymentMethodLabel(method: string): string {
  if (method === DIRECT_DEPOSIT) return method;
  const logged = ADMIN_PAYMENT_METHOD_LABELS[method as AdminPaymentMethod];
  if (logged) return logged;
  return /^[a-z][a-zA-Z0-9]*$/.test(method) ? payoutMethodLabel(method) : method;
}
