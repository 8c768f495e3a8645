import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as ENV from '../../shared/env-vars.js';
import { adminOrderMessages } from '../../shared/messages.js';
import { formatLongDate } from '../../shared/rules/date-format.js';
import type { EmailJob } from '../../shared/schemas/jobs.js';
import { completionVars, emailableOrder, ORDER_EMAIL_DEFAULTS } from '../admin-orders/order-emails.js';
import { getShipment } from '../labels/shipment-repository.js';
import { db, tableName } from '../lib/db.js';
import { type OrderItem, type OutboxItem, outbox, type ShipmentItem } from '../lib/entities.js';
import { requireEnv } from '../lib/env.js';
import { AppError } from '../lib/errors.js';
import { outboxJobId } from '../lib/outbox.js';
import { enqueue } from '../lib/queue.js';
import { conditional } from '../lib/races.js';
import { orderEmailVars } from '../orders/order-emails.js';
import { getOrder } from '../orders/order-repository.js';
import { toPublicSettings } from '../settings/public-settings.js';
import { getStoredSettings } from '../settings/settings-repository.js';
import { recordOnOrder } from './email-log-repository.js';
import { LABEL_READY } from './label-templates.js';
import { ORDER_CONFIRMATION } from './order-templates.js';
import { findTemplate, getTemplate, type RenderedEmail, renderTemplate } from './templates.js';

/** An owed e-mail that can never be written (its order is gone, its data unusable): recorded, not retried. */
export class UnsendableOutbox extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsendableOutbox';
  }
}

export async function getOutboxRecord(id: string): Promise<OutboxItem | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: outbox.key(id), ConsistentRead: true }),
  );
  return (Item as OutboxItem | undefined) ?? null;
}

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

async function rendered(record: OutboxItem, order: OrderItem): Promise<RenderedEmail> {
  const settings = toPublicSettings(await getStoredSettings());
  const siteUrl = requireEnv(ENV.siteUrl);
  switch (record.kind) {
    case 'order_confirmation':
    case 'order_completed': {
      const ready = emailableOrder(order);
      // The confirmation falls back to the built-in template when the stored one is unusable, as checkout
      // always did; a completion refuses it, as the back office's send does ('Template not found').
      const template =
        record.kind === 'order_confirmation'
          ? await getTemplate(ORDER_CONFIRMATION)
          : await findTemplate(record.kind, ORDER_EMAIL_DEFAULTS);
      if (!template) throw new UnsendableOutbox(adminOrderMessages.templateNotFound(record.kind));
      const vars =
        record.kind === 'order_completed'
          ? completionVars(ready, settings.site_name, siteUrl, new Date(record.created_at))
          : orderEmailVars(ready, settings.site_name, siteUrl);
      return renderTemplate(template, vars);
    }
    case 'label': {
      const shipment = await getShipment(record.order_id);
      // A label replaced since (a later generation) was never e-mailed: its own record owes that one.
      if (!shipment || shipment.generation !== record.generation || !shipment.label_url) {
        throw new UnsendableOutbox('The label this e-mail was about is no longer the current label');
      }
      return renderTemplate(LABEL_READY, labelVars(order, shipment, settings.site_name, siteUrl));
    }
    default: {
      const unknown: never = record.kind;
      throw new UnsendableOutbox(`Unknown outbox kind ${String(unknown)}`);
    }
  }
}

/** The e-mail job an outbox record owes; its job id is the record's, so queueing it twice sends it once. */
export async function owedEmail(record: OutboxItem): Promise<EmailJob> {
  const order = await getOrder(record.order_id);
  if (!order || order.deleted_at) throw new UnsendableOutbox(adminOrderMessages.notFound);
  let email: RenderedEmail;
  try {
    email = await rendered(record, order);
  } catch (error) {
    // The order's data cannot make this e-mail (spec 001's reasons): retrying would not change that.
    if (error instanceof AppError && error.status < 500) throw new UnsendableOutbox(error.message);
    throw error;
  }
  return {
    jobId: outboxJobId(record.outbox_id),
    to: String(order.customer.email).trim(),
    ...email,
    ref: { kind: 'order', id: order.order_id },
  };
}

export type RelayOutcome = 'queued' | 'settled' | 'missing' | 'failed';

/**
 * Delivers one outbox record: queue its e-mail, then mark it done (conditional on pending). Safe to run any
 * number of times for one record: a settled record is left alone, and a crash between the queue and the mark
 * queues the same job id again, which the e-mail worker sends once.
 */
export async function relayOutbox(id: string, now: () => Date): Promise<RelayOutcome> {
  const record = await getOutboxRecord(id);
  if (!record) return 'missing';
  if (record.status !== 'pending') return 'settled';
  let job: EmailJob;
  try {
    job = await owedEmail(record);
  } catch (error) {
    if (!(error instanceof UnsendableOutbox)) throw error;
    if (await settleOutbox(id, { status: 'failed', error: error.message }, now())) {
      await recordOnOrder(record.order_id, { status: 'failed', error: error.message }, now());
    }
    return 'failed';
  }
  try {
    await enqueue(ENV.emailQueueUrl, job);
  } catch (error) {
    await recordAttempt(id, error instanceof Error ? error.message : String(error), now());
    throw error;
  }
  await settleOutbox(id, { status: 'done', jobId: job.jobId }, now());
  return 'queued';
}
