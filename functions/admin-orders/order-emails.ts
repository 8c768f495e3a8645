import { randomUUID } from 'node:crypto';
import * as ENV from '../../shared/env-vars.js';
import { emailDisabledMessage, adminOrderMessages as m } from '../../shared/messages.js';
import { formatLongDate } from '../../shared/rules/date-format.js';
import { formatMoney } from '../../shared/rules/money.js';
import type { ActivityEntry, OrderEmailTemplate } from '../../shared/schemas/admin-orders.js';
import { ORDER_COMPLETED, ORDER_CONFIRMATION } from '../email/order-templates.js';
import { queueTemplatedEmail } from '../email/send-email.js';
import { readEmailSettings } from '../email/stored-email-settings.js';
import { findTemplate } from '../email/templates.js';
import type { OrderItem } from '../lib/entities.js';
import { requireEnv } from '../lib/env.js';
import { AppError } from '../lib/errors.js';
import { errorDetails, log } from '../lib/log.js';
import { isRecord } from '../lib/validation.js';
import { orderEmailVars } from '../orders/order-emails.js';
import { parseJson, storedAmount } from '../orders/order-views.js';
import { toPublicSettings } from '../settings/public-settings.js';
import { getStoredSettings } from '../settings/settings-repository.js';
import { activityLogOf } from './order-detail.js';
import { changeOrder, commit, getOrderForStaff, OrderUpdate } from './order-writes.js';
import { paymentMethodLabel } from './payment-methods.js';

export const ORDER_EMAIL_DEFAULTS = {
  order_completed: ORDER_COMPLETED,
  order_confirmation: ORDER_CONFIRMATION,
};

const SENT: Record<OrderEmailTemplate, string> = {
  order_completed: m.completionSent,
  order_confirmation: m.confirmationSent,
};
export const FAILED: Record<OrderEmailTemplate, string> = {
  order_completed: m.completionFailed,
  order_confirmation: m.confirmationFailed,
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

/**
 * Renders the template (the stored one, else the default) and puts it on the e-mail queue, then records it on
 * the order: email_delivery_status 'queued', its time, and an EMAIL activity entry. The e-mail worker marks it
 * 'sent' (or 'failed') once SES has it; if the worker got there first, its newer status is kept.
 */
export async function queueOrderEmail(
  orderId: string,
  name: OrderEmailTemplate,
  by: string | undefined,
  now: () => Date,
): Promise<{ message: string }> {
  const order = await getOrderForStaff(orderId);
  const ready = emailableOrder(order);
  const template = await findTemplate(name, ORDER_EMAIL_DEFAULTS);
  if (!template) throw new AppError('validation', m.templateNotFound(name));
  const record = await getStoredSettings();
  // Switched off in the back office: say so now rather than queue an e-mail the worker would skip.
  if (!readEmailSettings(record).isEnabled) throw new AppError('conflict', emailDisabledMessage);
  const settings = toPublicSettings(record);
  const siteUrl = requireEnv(ENV.siteUrl);
  const queuedAt = now().toISOString();
  const queued = await queueTemplatedEmail({
    template,
    resolved: true,
    to: ready.customer.email,
    ref: { kind: 'order', id: orderId },
    vars:
      name === 'order_completed'
        ? completionVars(ready, settings.site_name, siteUrl, now())
        : orderEmailVars(ready, settings.site_name, siteUrl),
  });
  if (!queued.queued) throw new AppError('unavailable', FAILED[name]);

  const kind = name === 'order_completed' ? 'completion' : 'confirmation';
  const entry: ActivityEntry = {
    id: randomUUID(),
    type: 'EMAIL',
    message: `Order ${kind} email sent to ${ready.customer.email}`,
    timestamp: queuedAt,
    ...(by ? { by } : {}),
  };
  await changeOrder(orderId, FAILED[name], async (current) => {
    // The change time is now, never the earlier queue time: the orders list's cache reads changes by it.
    const update = new OrderUpdate(current, now().toISOString()).append('activity_log', [entry]);
    const recorded = current.email_status_updated_at;
    // The worker may already have recorded this very e-mail (sent or failed): never put 'queued' over it.
    if (!(typeof recorded === 'string' && recorded > queuedAt)) {
      update
        .set('email_delivery_status', 'queued')
        .set('email_status_updated_at', queuedAt)
        .unchanged('email_status_updated_at', recorded);
    }
    await commit(update);
  });
  return { message: SENT[name] };
}

/**
 * Why a completion cannot e-mail the seller (spec 001 §5's reasons: e-mail switched off, order data missing,
 * the stored template unusable), or null when the e-mail can be owed.
 */
export async function completionEmailProblem(order: OrderItem): Promise<string | null> {
  try {
    emailableOrder(order);
    if (!(await findTemplate('order_completed', ORDER_EMAIL_DEFAULTS))) {
      return m.templateNotFound('order_completed');
    }
    if (!readEmailSettings(await getStoredSettings()).isEnabled) return emailDisabledMessage;
    return null;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return error.message;
    log('error', 'completion e-mail check failed', { orderId: order.order_id, ...errorDetails(error) });
    return m.completionFailed;
  }
}
