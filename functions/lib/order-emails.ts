import { adminOrderMessages as m } from '../../shared/messages.js';
import { formatLongDate } from '../../shared/rules/date-format.js';
import { formatMoney } from '../../shared/rules/money.js';
import { payoutMethodLabel } from '../../shared/rules/payout.js';
import { type EmailTemplate, escapeHtml, layout } from './email/templates.js';
import type { OrderItem } from './entities.js';
import { AppError } from './errors.js';
import { activityLogOf, parseJson, storedAmount, toConfirmation } from './order-views.js';
import { paymentMethodLabel } from './payment-methods.js';
import { isRecord } from './validation.js';

/**
 * What an order e-mail says, in one place: the two templates (the confirmation after checkout, the completion
 * once paid), whether an order can be written into one, and the values they are filled with. The outbox relay,
 * checkout's and the back office's sends all use these.
 */
/** The confirmation a seller receives after checkout, with the secret order link. */
export const ORDER_CONFIRMATION: EmailTemplate = {
  name: 'order_confirmation',
  subject: 'Your order {{order_id}}: time to ship!',
  html: layout(
    `<h1 style="font-size:22px;margin:0 0 12px">Thanks, {{first_name}}! It's time to ship.</h1>` +
      `<p>Your order <strong>{{order_id}}</strong> is confirmed. You will earn <strong>{{total}}</strong> once your package arrives and is checked.</p>` +
      `<table style="width:100%;border-collapse:collapse;margin:16px 0">{{items_html}}</table>` +
      `<p><a href="{{confirmation_url}}" style="display:inline-block;background:#0b57a4;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">View your order and print your free label</a></p>` +
      `<h2 style="font-size:16px">Shipping tips</h2><ul><li>Pack only the items in this order.</li><li>Boxes must be sealed, unexpired and undamaged.</li><li>Use a sturdy box with padding; write {{order_id}} on a note inside.</li></ul>` +
      `<p>Track your order: <a href="{{track_url}}">{{track_url}}</a><br>Questions? <a href="{{contact_url}}">Contact us</a>.</p>` +
      `<p style="font-size:12px;color:#475569">This link is private to you and works for 45 days.</p>`,
  ),
  text:
    "Thanks, {{first_name}}! It's time to ship.\n\nYour order {{order_id}} is confirmed. You will earn {{total}} once your package arrives and is checked.\n\n{{items_text}}\n\n" +
    'View your order and print your free label: {{confirmation_url}}\n\nShipping tips:\n- Pack only the items in this order.\n- Boxes must be sealed, unexpired and undamaged.\n- Use a sturdy box with padding; write {{order_id}} on a note inside.\n\n' +
    'Track your order: {{track_url}}\nQuestions? {{contact_url}}\n\nThis link is private to you and works for 45 days.',
};

/** The e-mail a seller receives when staff complete the order: what was paid, how and when (spec 001 §4). */
export const ORDER_COMPLETED: EmailTemplate = {
  name: 'order_completed',
  subject: 'Your order {{order_id}} is complete: you have been paid',
  html: layout(
    `<h1 style="font-size:22px;margin:0 0 12px">Good news, {{first_name}}! You've been paid.</h1>` +
      `<p>Your order <strong>{{order_id}}</strong> is complete. We sent you <strong>{{paid_amount}}</strong> by <strong>{{payment_method}}</strong> on {{completion_date}}.</p>` +
      `<table style="width:100%;border-collapse:collapse;margin:16px 0">{{items_html}}</table>` +
      `<p>Order total: <strong>{{total}}</strong></p>` +
      `<p><a href="{{confirmation_url}}" style="display:inline-block;background:#0b57a4;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">View your order</a></p>` +
      `<p>Track your order: <a href="{{track_url}}">{{track_url}}</a><br>Questions about your payment? <a href="{{contact_url}}">Contact us</a>.</p>` +
      `<p>Thank you for selling with us!</p>`,
  ),
  text:
    "Good news, {{first_name}}! You've been paid.\n\nYour order {{order_id}} is complete. We sent you {{paid_amount}} by {{payment_method}} on {{completion_date}}.\n\n{{items_text}}\n\nOrder total: {{total}}\n\n" +
    'View your order: {{confirmation_url}}\nTrack your order: {{track_url}}\nQuestions about your payment? {{contact_url}}\n\nThank you for selling with us!',
};

export const ORDER_EMAIL_DEFAULTS = {
  order_completed: ORDER_COMPLETED,
  order_confirmation: ORDER_CONFIRMATION,
};

const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The order as an e-mail can be written from, or the spec's reason why not (001 §5 "Order emails"). Fields
 * stored as JSON text are parsed first.
 */
export function emailableOrder(order: OrderItem): OrderItem {
  const total = storedAmount(order.total_amount);
  const hasTotal =
    typeof order.total_amount === 'number' ||
    (typeof order.total_amount === 'string' && /^\d+(\.\d+)?$/.test(order.total_amount));
  if (!filled(order.order_id) || !filled(order.access_token) || !hasTotal || !(total >= 0)) {
    throw new AppError('validation', m.invalidOrderData);
  }
  const customer = parseJson(order.customer);
  if (
    !isRecord(customer) ||
    !filled(customer.email) ||
    !(filled(customer.firstName) || filled(customer.lastName))
  ) {
    throw new AppError('validation', m.missingCustomer);
  }
  const address = parseJson(order.shipping_address);
  if (!isRecord(address) || !['address', 'city', 'state', 'zipCode'].every((k) => filled(address[k]))) {
    throw new AppError('validation', m.missingShipping);
  }
  const products = parseJson(order.products);
  const validLine = (line: unknown) =>
    isRecord(line) &&
    isRecord(line.product) &&
    filled(line.product.name) &&
    Number.isFinite(storedAmount(line.quantity)) &&
    storedAmount(line.quantity) > 0 &&
    Number.isFinite(storedAmount(line.price));
  if (!Array.isArray(products) || !products.length || !products.every(validLine)) {
    throw new AppError('validation', m.invalidProducts);
  }
  return {
    ...order,
    total_amount: total,
    paid_amount: storedAmount(order.paid_amount),
    customer: {
      firstName: String(customer.firstName ?? ''),
      lastName: String(customer.lastName ?? ''),
      email: String(customer.email).trim(),
      phone: String(customer.phone ?? ''),
    },
    shipping_address: address as OrderItem['shipping_address'],
    products: (products as Record<string, unknown>[]).map((line) => ({
      productId: String(line.productId ?? ''),
      quantity: storedAmount(line.quantity),
      price: storedAmount(line.price),
      product: { name: String((line.product as Record<string, unknown>).name) },
    })),
  };
}

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

/** When the order was completed: its latest change to completed, else its payment, else now. */
function completedAt(order: OrderItem, now: Date): string {
  const entry = activityLogOf(order.activity_log)
    .filter((e) => e.type === 'STATUS_CHANGE' && e.newStatus === 'completed')
    .pop();
  return entry?.timestamp || order.paid_at || now.toISOString();
}

export function completionVars(order: OrderItem, siteName: string, siteUrl: string, now: Date) {
  return {
    ...orderEmailVars(order, siteName, siteUrl),
    paid_amount: formatMoney(order.paid_amount),
    payment_method: paymentMethodLabel(order.payment_method ?? ''),
    completion_date: formatLongDate(completedAt(order, now)),
  };
}
