/** The message items of the one table (functions/lib/entities.ts re-exports them): e-mail jobs, SMS, the outbox. */
import type { SmsStatus } from '../../shared/rules/sms.js';
import { CollectionIndex, TABLE_PARTITIONS as P } from '../../shared/table-keys.js';

// ----------------------------------------------------------------------------------------------------- e-mail

/** One item per e-mail job: its idempotency record and its line in the e-mail log. */
export const emailJob = {
  key: (jobId: string) => ({ pk: `${P.emailJob}${jobId}`, sk: 'JOB' as const }),
  /** collection: newest first (the admin's Recent Emails). */
  indexes: (sentAt: string, jobId: string) => ({
    gsi1pk: CollectionIndex.emailLog,
    gsi1sk: `${sentAt}#${jobId}`,
  }),
  collectionPartition: CollectionIndex.emailLog,
} as const;

export const emailTemplate = {
  key: (name: string) => ({ pk: `${P.emailTemplate}${name}`, sk: 'TEMPLATE' as const }),
} as const;

// -------------------------------------------------------------------------------------------------------- SMS

/**
 * One item per SMS (test or marketing): written `queued` by the sending route before its job is queued, then
 * moved forward only (shared/rules/sms.ts isLaterStatus) by the worker and Twilio's status callbacks. The
 * provider SID, once known, finds it again (`sms.sidKey` points at it).
 */
export interface SmsMessageItem {
  id: string;
  kind: 'test' | 'marketing' | 'order';
  to: string;
  message: string;
  status: SmsStatus;
  sid?: string;
  error?: string;
  error_code?: string;
  /** Deliveries that claimed it (the worker's retry count). */
  attempts?: number;
  created_at: string;
  updated_at: string;
}

export const smsMessage = {
  key: (id: string) => ({ pk: `${P.sms}${id}`, sk: 'SMS' as const }),
  /** collection: newest first (Message History, latest 50). */
  indexes: (createdAt: string, id: string) => ({
    gsi1pk: CollectionIndex.smsLog,
    gsi1sk: `${createdAt}#${id}`,
  }),
  /** The provider's SID to our message id (status callbacks name the SID). */
  sidKey: (sid: string) => ({ pk: `${P.smsSid}${sid}`, sk: 'SMSSID' as const }),
  collectionPartition: CollectionIndex.smsLog,
} as const;

/** One applied status callback (the message status log, latest 50); expires like the e-mail log. */
export const smsStatusEvent = {
  key: (messageId: string, status: string) => ({ pk: `${P.sms}${messageId}`, sk: `STATUS#${status}` }),
  indexes: (at: string, messageId: string, status: string) => ({
    gsi1pk: CollectionIndex.smsStatusLog,
    gsi1sk: `${at}#${messageId}#${status}`,
  }),
  collectionPartition: CollectionIndex.smsStatusLog,
} as const;

/** A number that replied STOP or that Twilio refused as opted out (21610); START removes it. */
export const smsOptOut = {
  key: (e164: string) => ({ pk: `${P.smsOptOut}${e164}`, sk: 'OPTOUT' as const }),
} as const;

// ----------------------------------------------------------------------------------------------------- outbox

/** What an outbox record owes: one e-mail, rendered and queued by the outbox relay from the table's stream. */
export type OrderOutboxKind =
  | 'order_confirmation'
  | 'order_completed'
  | 'label'
  /** An inspection saved: the seller's e-mail (editable template) and, with SMS on, a short SMS. */
  | 'order_inspected'
  /** A return label bought for the items the seller asked back: the e-mail with its link. */
  | 'return_label';
/** A contact-form ticket's e-mails: the shop's notification and the sender's confirmation. */
export type TicketOutboxKind = 'ticket_notification' | 'ticket_confirmation';
export type OutboxKind = OrderOutboxKind | TicketOutboxKind;

/**
 * A side effect owed by a write, recorded in that write's transaction (the order, its completion, a bought
 * label, a ticket). The outbox relay (a DynamoDB Streams consumer that sees only INSERTs of these items)
 * renders the e-mail, queues it under a job id derived from the record's id, and marks the record done: a
 * crash between the commit and the queue loses nothing, and a redelivered stream record never sends twice.
 */
interface OutboxFields {
  pk: string;
  sk: 'OUTBOX';
  entity: 'outbox';
  /** `<kind>#<order id or ticket number>[#<what makes it unique>]`: one e-mail per fact. */
  outbox_id: string;
  status: 'pending' | 'done' | 'failed';
  created_at: string;
  /** Set by the relay: when it queued the e-mail, under which job id; or why it never can (failed). */
  done_at?: string;
  job_id?: string;
  error?: string;
  /** Failed tries to queue it (the stream retries them) and the latest reason. */
  attempts?: number;
  last_error?: string;
}

export type OutboxItem = OutboxFields &
  (
    | {
        kind: OrderOutboxKind;
        order_id: string;
        /** The label's generation (kind label): the e-mail is about that label. */
        generation?: number;
      }
    | { kind: TicketOutboxKind; ticket_number: string }
  );

export const outbox = {
  key: (outboxId: string) => ({ pk: `${P.outbox}${outboxId}`, sk: 'OUTBOX' as const }),
  /** The `entity` value the stream's filter criteria select (infra/constructs/outbox.ts). */
  entity: 'outbox' as const,
} as const;
