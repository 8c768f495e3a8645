/**
 * The e-mail outbox: a write that owes an e-mail adds one outbox record to its own transaction; the outbox
 * relay (functions/email/outbox-relay.ts), fed by the table's stream, queues the e-mail and marks the record
 * done. See docs/data-model.md "Outbox".
 */
import { createHash } from 'node:crypto';
import { TTL_ATTRIBUTE } from '../../shared/runtime-env.js';
import { tableName } from './db.js';
import {
  type OrderOutboxKind,
  type OutboxItem,
  type OutboxKind,
  outbox,
  type TicketOutboxKind,
} from './entities.js';

/** Done records are kept a while for support (what was sent when), then expire. */
export const OUTBOX_RETENTION_DAYS = 30;

/**
 * The record's id: one e-mail per fact. `subject` is the order id (or a ticket's number); `unique` tells apart
 * facts of one order (a completion, a label).
 */
export const outboxId = (kind: OutboxKind, subject: string, unique?: string | number): string =>
  unique === undefined ? `${kind}#${subject}` : `${kind}#${subject}#${unique}`;

/**
 * The e-mail job id of an outbox record: a UUID derived from its id (name-based, RFC 4122 version 5 layout),
 * so however often the relay runs for one record, the e-mail worker sees one job and sends it once.
 */
export function outboxJobId(id: string): string {
  const hex = createHash('sha1').update(`outbox:${id}`).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const pending = (id: string, now: Date) => ({
  ...outbox.key(id),
  entity: outbox.entity,
  outbox_id: id,
  status: 'pending' as const,
  created_at: now.toISOString(),
  [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + OUTBOX_RETENTION_DAYS * 86400,
});

/** An order's outbox record as first written (status pending). */
export function outboxRecord(
  kind: OrderOutboxKind,
  orderId: string,
  now: Date,
  extra: { unique?: string | number; generation?: number } = {},
): OutboxItem & Record<string, unknown> {
  return {
    ...pending(outboxId(kind, orderId, extra.unique), now),
    kind,
    order_id: orderId,
    ...(extra.generation !== undefined ? { generation: extra.generation } : {}),
  };
}

/** A ticket's outbox record as first written (status pending). */
export const ticketOutboxRecord = (
  kind: TicketOutboxKind,
  ticketNumber: string,
  now: Date,
): OutboxItem & Record<string, unknown> => ({
  ...pending(outboxId(kind, ticketNumber), now),
  kind,
  ticket_number: ticketNumber,
});

/**
 * The Put of an outbox record inside a TransactWriteItems. Unconditional: the write it belongs to is itself
 * conditional on the fact being new (a new order id, a completion's new activity entry, a label's generation
 * leaving `purchasing`), so the record cannot already exist.
 */
export const outboxPut = (record: OutboxItem) => ({ Put: { TableName: tableName(), Item: record } });
