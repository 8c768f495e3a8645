import { inspectionMessages as im, adminOrderMessages as m } from '../../shared/messages.js';
import { formatLongDate } from '../../shared/rules/date-format.js';
import { type GradedLine, REJECTION_REASON_LABELS, returnedBoxes } from '../../shared/rules/inspection.js';
import { formatMoney, fromCents } from '../../shared/rules/money.js';
import { payoutMethodLabel } from '../../shared/rules/payout.js';
import { type EmailTemplate, escapeHtml, layout } from './email/templates.js';
import type { OrderItem } from './entities.js';
import { AppError } from './errors.js';
import { activityLogOf, parseJson, storedAmount, toConfirmation } from './order-views.js';
import { paymentMethodLabel } from './payment-methods.js';
import type { ReceivingFields, StoredInspection } from './receiving/entities.js';
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
      `{{difference_html}}` +
      `<p><a href="{{confirmation_url}}" style="display:inline-block;background:#0b57a4;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">View your order</a></p>` +
      `<p>Track your order: <a href="{{track_url}}">{{track_url}}</a><br>Questions about your payment? <a href="{{contact_url}}">Contact us</a>.</p>` +
      `<p>Thank you for selling with us!</p>`,
  ),
  text:
    "Good news, {{first_name}}! You've been paid.\n\nYour order {{order_id}} is complete. We sent you {{paid_amount}} by {{payment_method}} on {{completion_date}}.\n\n{{items_text}}\n\nOrder total: {{total}}\n\n{{difference_text}}" +
    'View your order: {{confirmation_url}}\nTrack your order: {{track_url}}\nQuestions about your payment? {{contact_url}}\n\nThank you for selling with us!',
};

/**
 * The e-mail a seller receives when staff save an inspection (and again for each correction): line by line what
 * was accepted, reduced (with the price and why) and not accepted (with the reason), the original quote and
 * the amount due, and where to answer (the secret link) by when.
 */
export const ORDER_INSPECTED: EmailTemplate = {
  name: 'order_inspected',
  subject: 'We checked your box for order {{order_id}}',
  html: layout(
    `<h1 style="font-size:22px;margin:0 0 12px">We checked your box, {{first_name}}.</h1>` +
      `<p>Here is what we found in your order <strong>{{order_id}}</strong>.</p>` +
      `{{inspection_html}}` +
      `<p>Original quote: <strong>{{quote}}</strong><br>Amount due to you: <strong>{{amount_due}}</strong></p>` +
      `<p>{{next_steps}}</p>` +
      `<p><a href="{{answer_url}}" style="display:inline-block;background:#0b57a4;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">View the inspection</a></p>` +
      `<p>Questions? <a href="{{contact_url}}">Contact us</a>.</p>`,
  ),
  text:
    'We checked your box, {{first_name}}.\n\nHere is what we found in your order {{order_id}}.\n\n{{inspection_text}}\n\n' +
    'Original quote: {{quote}}\nAmount due to you: {{amount_due}}\n\n{{next_steps}}\n\nView the inspection: {{answer_url}}\nQuestions? {{contact_url}}',
};

export const ORDER_EMAIL_DEFAULTS = {
  order_completed: ORDER_COMPLETED,
  order_confirmation: ORDER_CONFIRMATION,
  order_inspected: ORDER_INSPECTED,
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
    ...differenceVars(order),
  };
}

type InspectedOrder = OrderItem & ReceivingFields;

const money = (cents: number) => formatMoney(fromCents(cents));

/** What became of one line's boxes, one phrase each (the seller's words: shared/messages.ts inspectionMessages). */
function linePhrases(line: GradedLine, onlyDifferences: boolean): string[] {
  if (line.received === 0) return onlyDifferences ? [] : [im.notReceived];
  return [
    ...(line.accepted > 0 && !onlyDifferences ? [im.accepted(line.accepted)] : []),
    ...line.reductions.map((r) => im.reduced(r.count, money(r.priceCents), r.reason)),
    ...line.rejections.map((r) => im.rejected(r.count, REJECTION_REASON_LABELS[r.reason])),
  ];
}

/**
 * The inspection line by line, as table rows (names and reasons escaped here: `_html` values are inserted as
 * they are) and as text. `onlyDifferences` keeps what was reduced or not accepted (the completion e-mail's why).
 */
export function inspectionSummary(
  inspection: Pick<StoredInspection, 'lines' | 'extras'>,
  onlyDifferences = false,
): { html: string; text: string } {
  const rows = (lines: GradedLine[]) =>
    lines
      .map((line) => ({ line, phrases: linePhrases(line, onlyDifferences) }))
      .filter(({ phrases }) => phrases.length > 0);
  const sections: Array<{ title?: string; rows: ReturnType<typeof rows> }> = [
    { rows: rows(inspection.lines) },
    { title: im.extrasTitle, rows: rows(inspection.extras) },
  ].filter((section) => section.rows.length > 0);
  const cell = 'padding:6px 0;border-bottom:1px solid #e2e8f0;vertical-align:top';
  const html = sections
    .map(
      (section) =>
        (section.title ? `<h2 style="font-size:16px">${escapeHtml(section.title)}</h2>` : '') +
        `<table style="width:100%;border-collapse:collapse;margin:8px 0 16px">` +
        section.rows
          .map(
            ({ line, phrases }) =>
              `<tr><td style="${cell};font-weight:bold;padding-right:12px">${escapeHtml(line.name)}</td>` +
              `<td style="${cell}">${phrases.map(escapeHtml).join('<br>')}</td></tr>`,
          )
          .join('') +
        '</table>',
    )
    .join('');
  const text = sections
    .map(
      (section) =>
        (section.title ? `${section.title}:\n` : '') +
        section.rows.map(({ line, phrases }) => `- ${line.name}: ${phrases.join('; ')}`).join('\n'),
    )
    .join('\n\n');
  return { html, text };
}

/** What the seller is asked to do next, by the answer's state. */
function nextSteps(order: InspectedOrder, inspection: StoredInspection): string {
  const answer = order.inspection_answer;
  if (answer?.state === 'awaiting' && answer.due_at) {
    const back = returnedBoxes(inspection);
    return (
      `${im.awaitingText} ${im.answerBy(formatLongDate(answer.due_at))}` +
      (back.length ? '' : ` ${im.contaminatedNote}`)
    );
  }
  return im.answered[answer?.state ?? 'not_needed'] || im.answered.not_needed;
}

/**
 * The inspection e-mail's values: the order's (orderEmailVars), the quote and amount due, the summary, the
 * date to answer by and the secret link where the seller answers (answer_url, the same as confirmation_url).
 */
export function inspectionVars(order: OrderItem, siteName: string, siteUrl: string): Record<string, string> {
  const inspected = order as InspectedOrder;
  const inspection = inspected.inspection;
  if (!inspection) throw new AppError('validation', im.notInspected);
  const base = orderEmailVars(order, siteName, siteUrl);
  const summary = inspectionSummary(inspection);
  const dueAt =
    inspected.inspection_answer?.state === 'awaiting' ? inspected.inspection_answer.due_at : undefined;
  return {
    ...base,
    quote: money(inspection.quote_cents),
    amount_due: money(inspection.amount_due_cents),
    inspection_html: summary.html,
    inspection_text: summary.text,
    answer_by: dueAt ? formatLongDate(dueAt) : '',
    answer_url: base.confirmation_url,
    next_steps: nextSteps(inspected, inspection),
  };
}

/**
 * Why what was paid differs from the quote, or nothing when it does not (or the order was never inspected):
 * the quote, what was paid, and the lines reduced or not accepted.
 */
export function differenceVars(
  order: OrderItem,
): Record<'quote' | 'difference_text' | 'difference_html', string> {
  const inspection = (order as InspectedOrder).inspection;
  const quoteCents = inspection ? inspection.quote_cents : Math.round(storedAmount(order.total_amount) * 100);
  const quote = money(quoteCents);
  const paidCents = Math.round(storedAmount(order.paid_amount) * 100);
  if (!inspection || paidCents === quoteCents) return { quote, difference_text: '', difference_html: '' };
  const summary = inspectionSummary(inspection, true);
  const intro = `Your quote was ${quote}; we paid ${money(paidCents)} because of what we found when we checked your box:`;
  return {
    quote,
    difference_text: `${intro}\n${summary.text}\n\n`,
    difference_html: `<p>${escapeHtml(intro)}</p>${summary.html}`,
  };
}

/** The short SMS beside the inspection e-mail: the order, the amount due and where to see it (and answer). */
export function inspectionSmsText(vars: Record<string, string>): string {
  const answer = vars.answer_by ? ` Please answer by ${vars.answer_by}:` : ' Details:';
  return `${vars.site_name}: we checked your box for order ${vars.order_id}. Amount due to you: ${vars.amount_due}.${answer} ${vars.answer_url}`;
}
