import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as ENV from '../../shared/env-vars.js';
import { adminOrderMessages } from '../../shared/messages.js';
import { formatLongDate } from '../../shared/rules/date-format.js';
import { returnedBoxes } from '../../shared/rules/inspection.js';
import { OUTBOX_FAILURES_METRIC } from '../../shared/runtime-env.js';
import type { EmailJob } from '../../shared/schemas/jobs.js';
import { batchGetItems, db, tableName } from '../lib/db.js';
import { recordFailed, recordOnOrder } from '../lib/email/email-log-repository.js';
import { LABEL_READY, RETURN_LABEL } from '../lib/email/label-templates.js';
import {
  escapeHtml,
  type RenderedEmail,
  renderTemplate,
  storedOrDefault,
  storedOrNothing,
  type TemplateName,
  templateKey,
} from '../lib/email/templates.js';
import { TICKET_CONFIRMATION, TICKET_NOTIFICATION } from '../lib/email/ticket-templates.js';
import {
  type OrderItem,
  type OutboxItem,
  type OutboxKind,
  order as orderEntity,
  outbox,
  type SettingsItem,
  type ShipmentItem,
  settings as settingsEntity,
  shipment as shipmentEntity,
  type TicketItem,
  ticket as ticketEntity,
} from '../lib/entities.js';
import { requireEnv } from '../lib/env.js';
import { AppError } from '../lib/errors.js';
import { countMetric, errorDetails, log } from '../lib/log.js';
import {
  completionVars,
  emailableOrder,
  inspectionSmsText,
  inspectionVars,
  ORDER_CONFIRMATION,
  ORDER_EMAIL_DEFAULTS,
  ORDER_INSPECTED,
  orderEmailVars,
} from '../lib/order-emails.js';
import { outboxJobId } from '../lib/outbox.js';
import { enqueue } from '../lib/queue.js';
import { conditional } from '../lib/races.js';
import type { ReceivingFields } from '../lib/receiving/entities.js';
import { toPublicSettings } from '../lib/settings/public-settings.js';
import { queueOrderSms } from '../lib/sms/order-sms.js';

/**
 * An owed e-mail that can never be sent, whatever the retries: its order or ticket is gone, its data or its
 * template cannot make it, or the queue refuses its message for what it is. Settled failed at once.
 */
export class UnsendableOutbox extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsendableOutbox';
  }
}

/** The part of a stream record's new image the relay needs to know what to read. */
export type OutboxRef = Pick<OutboxItem, 'outbox_id' | 'kind'> & {
  order_id?: string;
  ticket_number?: string;
};

/** pending → done (with the job id) or failed (with the reason), once: false when it had already moved. */
export const settleOutbox = (
  id: string,
  outcome: { status: 'done'; jobId: string } | { status: 'failed'; error: string },
  now: Date,
): Promise<boolean> =>
  conditional(() =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: outbox.key(id),
        UpdateExpression:
          outcome.status === 'done'
            ? 'SET #s = :status, done_at = :at, job_id = :detail'
            : 'SET #s = :status, done_at = :at, #e = :detail',
        ConditionExpression: '#s = :pending',
        ExpressionAttributeNames: {
          '#s': 'status',
          ...(outcome.status === 'failed' ? { '#e': 'error' } : {}),
        },
        ExpressionAttributeValues: {
          ':status': outcome.status,
          ':at': now.toISOString(),
          ':detail': outcome.status === 'done' ? outcome.jobId : outcome.error,
          ':pending': 'pending',
        },
      }),
    ),
  );

/** A failed try to queue the e-mail, counted on the record (it stays pending; the stream retries it). */
async function recordAttempt(id: string, reason: string, now: Date): Promise<void> {
  await conditional(() =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: outbox.key(id),
        UpdateExpression: 'SET last_error = :reason, last_attempt_at = :at ADD attempts :one',
        ConditionExpression: '#s = :pending',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':reason': reason,
          ':at': now.toISOString(),
          ':one': 1,
          ':pending': 'pending',
        },
      }),
    ),
  ).catch(() => false);
}

/** What the label e-mail is filled with: the label of the record's generation, and the order's links. */
export function labelVars(
  order: OrderItem,
  shipment: ShipmentItem,
  siteName: string,
  siteUrl: string,
): Record<string, string> {
  const site = siteUrl.replace(/\/$/, '');
  const token = encodeURIComponent(order.access_token);
  return {
    site_name: siteName,
    first_name: order.customer.firstName,
    order_id: order.order_id,
    label_url: shipment.label_url ?? '',
    qr_url: `${site}/shipping-qr-code/${encodeURIComponent(order.order_id)}?token=${token}`,
    tracking_number: shipment.tracking_number || 'shown on the label',
    ship_by: shipment.label_expires_at ? formatLongDate(shipment.label_expires_at) : '',
    confirmation_url: `${site}/order-confirmation?token=${token}`,
    contact_url: `${site}/contact`,
  };
}

/** What the return label e-mail is filled with: the label bought, what comes back and where to. */
export function returnLabelVars(
  order: OrderItem & ReceivingFields,
  siteName: string,
  siteUrl: string,
): Record<string, string> {
  const site = siteUrl.replace(/\/$/, '');
  const ret = order.return_shipment;
  const back = order.inspection ? returnedBoxes(order.inspection) : [];
  const a = order.shipping_address;
  return {
    site_name: siteName,
    first_name: order.customer.firstName,
    order_id: order.order_id,
    label_url: ret?.label_url ?? '',
    tracking_number: ret?.tracking_number || 'shown on the label',
    address: `${a.address}, ${a.city}, ${a.state} ${a.zipCode}`,
    items_html: back.map((b) => `<li>${escapeHtml(b.name)} &times; ${b.count}</li>`).join(''),
    items_text: back.map((b) => `- ${b.name} x ${b.count}`).join('\n'),
    confirmation_url: `${site}/order-confirmation?token=${encodeURIComponent(order.access_token)}`,
    contact_url: `${site}/contact`,
  };
}

/** The stored template a kind may be overridden by (the label e-mail has none). */
const STORED_TEMPLATE: Partial<Record<OutboxKind, TemplateName>> = {
  order_confirmation: 'order_confirmation',
  order_completed: 'order_completed',
  order_inspected: 'order_inspected',
  ticket_notification: 'ticket_notification',
  ticket_confirmation: 'ticket_confirmation',
};

/** Everything one record's e-mail is made from, read in one BatchGetItem. */
interface OwedReads {
  record: OutboxItem | undefined;
  order: OrderItem | undefined;
  ticket: TicketItem | undefined;
  shipment: ShipmentItem | undefined;
  settings: SettingsItem | undefined;
  template: Record<string, unknown> | undefined;
}

async function readOwed(ref: OutboxRef): Promise<OwedReads> {
  const templateName = STORED_TEMPLATE[ref.kind];
  const keys = {
    record: outbox.key(ref.outbox_id),
    settings: settingsEntity.key(),
    ...(ref.order_id ? { order: orderEntity.key(ref.order_id) } : {}),
    ...(ref.ticket_number ? { ticket: ticketEntity.key(ref.ticket_number) } : {}),
    ...(ref.kind === 'label' && ref.order_id ? { shipment: shipmentEntity.key(ref.order_id) } : {}),
    ...(templateName ? { template: templateKey(templateName) } : {}),
  };
  const items = await batchGetItems<Record<string, unknown>>(Object.values(keys));
  const find = (key: { pk: string; sk: string } | undefined) =>
    key && items.find((item) => item.pk === key.pk && item.sk === key.sk);
  return {
    record: find(keys.record) as OutboxItem | undefined,
    order: find(keys.order) as OrderItem | undefined,
    ticket: find(keys.ticket) as TicketItem | undefined,
    shipment: find(keys.shipment) as ShipmentItem | undefined,
    settings: find(keys.settings),
    template: find(keys.template),
  };
}

type OwedEmail = Pick<EmailJob, 'to' | 'replyTo' | 'ref'> & RenderedEmail;

function orderEmail(record: OutboxItem & { order_id: string }, reads: OwedReads): OwedEmail {
  const order = reads.order;
  if (!order || order.deleted_at) throw new UnsendableOutbox(adminOrderMessages.notFound);
  const siteName = toPublicSettings(reads.settings ?? null).site_name;
  const siteUrl = requireEnv(ENV.siteUrl);
  const to = String(order.customer.email).trim();
  const ref = { kind: 'order' as const, id: order.order_id };
  if (record.kind === 'label') {
    // A label replaced since (a later generation) was never e-mailed: its own record owes that one.
    const shipment = reads.shipment;
    if (!shipment || shipment.generation !== record.generation || !shipment.label_url) {
      throw new UnsendableOutbox('The label this e-mail was about is no longer the current label');
    }
    return { to, ref, ...renderTemplate(LABEL_READY, labelVars(order, shipment, siteName, siteUrl)) };
  }
  if (record.kind === 'return_label') {
    const withReturn = order as OrderItem & ReceivingFields;
    if (withReturn.return_shipment?.state !== 'label_bought' || !withReturn.return_shipment.label_url) {
      throw new UnsendableOutbox('The order has no return label');
    }
  }
  let ready: OrderItem;
  try {
    ready = emailableOrder(order);
  } catch (error) {
    // The order's data cannot make this e-mail (spec 001's reasons): retrying would not change that.
    if (error instanceof AppError) throw new UnsendableOutbox(error.message);
    throw error;
  }
  if (record.kind === 'order_confirmation') {
    // The confirmation falls back to the built-in template when the stored one is unusable, as checkout
    // always did.
    const template = storedOrDefault(reads.template, ORDER_CONFIRMATION);
    return { to, ref, ...renderTemplate(template, orderEmailVars(ready, siteName, siteUrl)) };
  }
  if (record.kind === 'return_label') {
    return { to, ref, ...renderTemplate(RETURN_LABEL, returnLabelVars(ready, siteName, siteUrl)) };
  }
  if (record.kind === 'order_inspected') {
    // The seller must learn of the inspection: an unusable stored template falls back to the built-in one.
    const template = storedOrDefault(reads.template, ORDER_INSPECTED);
    return { to, ref, ...renderTemplate(template, inspectionVars(ready, siteName, siteUrl)) };
  }
  // A completion refuses an unusable stored template, as the back office's send does ('Template not found').
  const template = storedOrNothing(reads.template, record.kind, ORDER_EMAIL_DEFAULTS);
  if (!template) throw new UnsendableOutbox(adminOrderMessages.templateNotFound(record.kind));
  const vars = completionVars(ready, siteName, siteUrl, new Date(record.created_at));
  return { to, ref, ...renderTemplate(template, vars) };
}

function ticketEmail(record: OutboxItem & { ticket_number: string }, reads: OwedReads): OwedEmail {
  const ticket = reads.ticket;
  if (!ticket) throw new UnsendableOutbox(`Ticket ${record.ticket_number} not found`);
  const settings = toPublicSettings(reads.settings ?? null);
  const ref = { kind: 'ticket' as const, id: ticket.ticket_number };
  if (record.kind === 'ticket_confirmation') {
    // To whoever typed the address: the ticket number and fixed text only (ticket-templates.ts).
    const template = storedOrDefault(reads.template, TICKET_CONFIRMATION);
    const vars = { site_name: settings.site_name, ticket_number: ticket.ticket_number };
    return { to: ticket.email, ref, ...renderTemplate(template, vars) };
  }
  if (!settings.contact_email) throw new UnsendableOutbox('No contact e-mail in the settings');
  const vars = {
    site_name: settings.site_name,
    ticket_number: ticket.ticket_number,
    name: ticket.name,
    email: ticket.email,
    subject: ticket.subject,
    message: ticket.message,
  };
  const template = storedOrDefault(reads.template, TICKET_NOTIFICATION);
  return { to: settings.contact_email, replyTo: ticket.email, ref, ...renderTemplate(template, vars) };
}

/**
 * The e-mail job an outbox record owes, from what was read; its job id is the record's, so queueing it twice
 * sends it once. Anything that goes wrong while writing it is the data's or the template's doing, which no
 * retry changes: it is unsendable.
 */
export function owedEmail(record: OutboxItem, reads: OwedReads): EmailJob {
  try {
    const email = 'order_id' in record ? orderEmail(record, reads) : ticketEmail(record, reads);
    return { jobId: outboxJobId(record.outbox_id), ...email };
  } catch (error) {
    if (error instanceof UnsendableOutbox) throw error;
    throw new UnsendableOutbox(`The e-mail could not be written: ${(error as Error).message}`);
  }
}

/** The queue's refusals of a message for what it is (its characters, its size): sending it again cannot help. */
const PERMANENT_QUEUE_REFUSALS: ReadonlySet<string> = new Set([
  'InvalidMessageContents',
  'InvalidParameterValue',
  'InvalidParameterValueException',
]);
export const isPermanentQueueRefusal = (error: unknown): boolean =>
  PERMANENT_QUEUE_REFUSALS.has((error as { name?: string })?.name ?? '');

/**
 * A record that can never be delivered: failed with the reason, once, where staff look (the order's e-mail
 * status, Recent Emails) and in a metric that alarms.
 */
async function failForGood(record: OutboxItem, reason: string, now: Date, job?: EmailJob): Promise<void> {
  if (!(await settleOutbox(record.outbox_id, { status: 'failed', error: reason }, now))) return;
  countMetric(OUTBOX_FAILURES_METRIC);
  log('error', 'outbox record can never be delivered: failed', { outboxId: record.outbox_id, reason });
  await recordFailed(
    outboxJobId(record.outbox_id),
    { to: job?.to, subject: job?.subject, error: reason, attempts: 1, deadLettered: false },
    now,
  );
  if ('order_id' in record) await recordOnOrder(record.order_id, { status: 'failed', error: reason }, now);
}

export type RelayOutcome = 'queued' | 'settled' | 'missing' | 'failed';

/**
 * Delivers one outbox record: queue its e-mail, then mark it done (conditional on pending). Safe to run any
 * number of times for one record: a settled record is left alone, and a crash between the queue and the mark
 * queues the same job id again, which the e-mail worker sends once. A record that can never be delivered is
 * failed at once and the relay goes on; only what may pass (throttling, a time-out, the queue down) throws,
 * for the stream to retry.
 */
export async function relayOutbox(ref: OutboxRef, now: () => Date): Promise<RelayOutcome> {
  const reads = await readOwed(ref);
  const record = reads.record;
  if (!record) return 'missing';
  if (record.status !== 'pending') return 'settled';
  let job: EmailJob;
  try {
    job = owedEmail(record, reads);
  } catch (error) {
    if (!(error instanceof UnsendableOutbox)) throw error;
    await failForGood(record, error.message, now());
    return 'failed';
  }
  try {
    await enqueue(ENV.emailQueueUrl, job);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (isPermanentQueueRefusal(error)) {
      await failForGood(record, `The e-mail queue refused it: ${reason}`, now(), job);
      return 'failed';
    }
    log('warn', 'e-mail queue unavailable, retried', { outboxId: record.outbox_id, ...errorDetails(error) });
    await recordAttempt(record.outbox_id, reason, now());
    throw error;
  }
  if (record.kind === 'order_inspected') await owedSms(record, reads, now());
  await settleOutbox(record.outbox_id, { status: 'done', jobId: job.jobId }, now());
  return 'queued';
}

/**
 * The inspection's short SMS, with SMS switched on and a phone number on the order: once per record (its
 * message id is derived from the record's). What may pass (the queue, the table) throws, so the stream retries
 * the record, whose e-mail job the worker then sends once.
 */
async function owedSms(record: OutboxItem, reads: OwedReads, now: Date): Promise<void> {
  const order = reads.order;
  if (!order) return;
  const siteName = toPublicSettings(reads.settings ?? null).site_name;
  let body: string;
  try {
    body = inspectionSmsText(inspectionVars(emailableOrder(order), siteName, requireEnv(ENV.siteUrl)));
  } catch {
    return;
  }
  const outcome = await queueOrderSms(
    record.outbox_id,
    order.customer?.phone,
    body,
    reads.settings ?? null,
    now,
  );
  log('info', 'inspection SMS', { outboxId: record.outbox_id, outcome });
}
