import { formatMoney } from '../../shared/rules/money.js';
import { payoutMethodLabel } from '../../shared/rules/payout.js';
import { escapeHtml } from '../email/templates.js';
import type { OrderItem } from '../lib/entities.js';
import { toConfirmation } from './order-views.js';

/**
 * The values every order e-mail fills its template with (order_confirmation, order_completed): the items as
 * rows (names escaped here, since `_html` values are inserted as they are), the secret order link and the
 * public tracking and contact pages.
 */
export function orderEmailVars(order: OrderItem, siteName: string, siteUrl: string): Record<string, string> {
  const site = siteUrl.replace(/\/$/, '');
  const { items } = toConfirmation(order);
  return {
    site_name: siteName,
    first_name: order.customer.firstName,
    order_id: order.order_id,
    total: formatMoney(order.total_amount),
    payout_method: payoutMethodLabel(order.payment_method),
    items_html: items
      .map(
        (i) =>
          `<tr><td style="padding:6px 0;border-bottom:1px solid #e2e8f0">${escapeHtml(i.name)} &times; ${i.quantity}</td>` +
          `<td style="padding:6px 0;border-bottom:1px solid #e2e8f0;text-align:right">${formatMoney(i.lineTotal)}</td></tr>`,
      )
      .join(''),
    items_text: items.map((i) => `- ${i.name} x ${i.quantity}: ${formatMoney(i.lineTotal)}`).join('\n'),
    confirmation_url: `${site}/order-confirmation?token=${encodeURIComponent(order.access_token)}`,
    track_url: `${site}/order-status`,
    contact_url: `${site}/contact`,
  };
}
