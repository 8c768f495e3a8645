import { randomUUID } from 'node:crypto';
import * as ENV from '../../shared/env-vars.js';
import { emailDisabledMessage, adminOrderMessages as m } from '../../shared/messages.js';
import type { ActivityEntry, OrderEmailTemplate } from '../../shared/schemas/admin-orders.js';
import { queueTemplatedEmail } from '../lib/email/send-email.js';
import { readEmailSettings } from '../lib/email/stored-email-settings.js';
import { findTemplate } from '../lib/email/templates.js';
import { requireEnv } from '../lib/env.js';
import { AppError } from '../lib/errors.js';
import { completionVars, emailableOrder, ORDER_EMAIL_DEFAULTS, orderEmailVars } from '../lib/order-emails.js';
import { changeOrder, commit, getOrderForStaff, OrderUpdate } from '../lib/order-writes.js';
import { toPublicSettings } from '../lib/settings/public-settings.js';
import { getStoredSettings } from '../lib/settings/settings-repository.js';

const SENT: Record<OrderEmailTemplate, string> = {
  order_completed: m.completionSent,
  order_confirmation: m.confirmationSent,
};
export const FAILED: Record<OrderEmailTemplate, string> = {
  order_completed: m.completionFailed,
  order_confirmation: m.confirmationFailed,
};

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
