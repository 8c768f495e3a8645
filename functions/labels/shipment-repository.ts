import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_INDEXES, TTL_ATTRIBUTE } from '../../shared/runtime-env.js';
import type { TimelineEntry, TrackingStatus } from '../../shared/schemas/shipment.js';
import { db, tableName } from '../lib/db.js';
import {
  easypostEvent,
  ORDER_TOUCH,
  type OrderItem,
  order,
  type ShipmentItem,
  shipment as shipmentEntity,
  touchValues,
} from '../lib/entities.js';
import { outboxPut, outboxRecord } from '../lib/outbox.js';
import { conditional } from '../lib/races.js';
import { putItem, trackingPointer } from '../lib/receiving/entities.js';

export const referenceFor = (orderId: string, generation: number): string =>
  generation <= 1 ? orderId : `${orderId}-${generation}`;

/** The order and its shipment in one strongly consistent Query of the order's partition. */
export async function getOrderWithShipment(
  orderId: string,
): Promise<{ order: OrderItem | null; shipment: ShipmentItem | null }> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': order.key(orderId).pk },
      ConsistentRead: true,
    }),
  );
  return {
    order: (Items.find((i) => i.sk === 'ORDER') as OrderItem | undefined) ?? null,
    shipment: (Items.find((i) => i.sk === 'SHIPMENT') as ShipmentItem | undefined) ?? null,
  };
}

export async function getShipment(orderId: string): Promise<ShipmentItem | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: shipmentEntity.key(orderId), ConsistentRead: true }),
  );
  return (Item as ShipmentItem | undefined) ?? null;
}

const timelineUpdate = (entry: TimelineEntry) => ({
  expression: 'shipping_timeline = list_append(if_not_exists(shipping_timeline, :emptyList), :entry)',
  values: { ':emptyList': [], ':entry': [entry] },
});

/** One conditional write's part: an update expression, its condition if any, and the values both use. */
interface Change {
  expression: string;
  condition?: string;
  values: Record<string, unknown>;
}

const update = (Key: Record<string, string>, change: Change) => ({
  Update: {
    TableName: tableName(),
    Key,
    UpdateExpression: change.expression,
    ConditionExpression: change.condition,
    ExpressionAttributeValues: change.values,
  },
});

/**
 * What a label write changes on the order, besides its change time: every order write stamps `updated_at`
 * and moves the order in the orders list's index (ORDER_TOUCH), so the list's cache sees it.
 */
interface OrderChange {
  at: string;
  set?: string;
  remove?: string;
  values?: Record<string, unknown>;
}

/**
 * The shipment and its order changed together in one transaction (plus any `first` items, such as an event's
 * idempotency record); false when a condition did not hold, and then nothing changed.
 */
function writeShipmentAndOrder(
  orderId: string,
  shipment: Change,
  orderChange: OrderChange,
  first: Record<string, unknown>[] = [],
): Promise<boolean> {
  const set = [ORDER_TOUCH, orderChange.set].filter(Boolean).join(', ');
  const onOrder: Change = {
    expression: `SET ${set}${orderChange.remove ? ` REMOVE ${orderChange.remove}` : ''}`,
    values: { ...orderChange.values, ...touchValues(orderId, orderChange.at) },
  };
  return conditional(() =>
    db.send(
      new TransactWriteCommand({
        TransactItems: [
          ...first,
          update(shipmentEntity.key(orderId), shipment),
          update(order.key(orderId), onOrder),
        ],
      }),
    ),
  );
}

/** A line on the order's timeline about its label. */
const labelTimeline = (at: string, status: string, message: string) =>
  timelineUpdate({ at, kind: 'label', status, message, location: null });

/**
 * Records a label request: a new shipment, or a failed / expired / stale one asked for again. Conditional on
 * the version read, so of two simultaneous requests exactly one queues a job.
 */
export async function putLabelRequest(
  next: Pick<
    ShipmentItem,
    'order_id' | 'generation' | 'job_id' | 'name' | 'address' | 'city' | 'state' | 'zip'
  >,
  previousVersion: number | null,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  return conditional(() =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: shipmentEntity.key(next.order_id),
        UpdateExpression: [
          'SET entity = :entity, order_id = :orderId, label_state = :requested, generation = :generation',
          '#reference = :reference, version = :version, job_id = :jobId, requested_at = :at, updated_at = :at',
          '#name = :name, address = :address, city = :city, #state = :state, zip = :zip, attempts = :zero',
          'created_at = if_not_exists(created_at, :at)',
        ]
          .join(', ')
          .concat(
            ' REMOVE error_message, configure_settings, qr_error, lease_until, easypost_shipment_id, label_url,' +
              ' tracking_number, qr_code_url, label_broker_id, is_test_mode, tracking_status, tracking_updated_at,' +
              ' purchased_at, label_expires_at, refund_status, gsi1pk, gsi1sk, gsi2pk, gsi2sk',
          ),
        ConditionExpression:
          previousVersion === null ? 'attribute_not_exists(pk)' : 'version = :previousVersion',
        ExpressionAttributeNames: { '#name': 'name', '#state': 'state', '#reference': 'reference' },
        ExpressionAttributeValues: {
          ':entity': 'shipment',
          ':orderId': next.order_id,
          ':requested': 'requested',
          ':generation': next.generation,
          ':reference': referenceFor(next.order_id, next.generation),
          ':version': (previousVersion ?? 0) + 1,
          ':jobId': next.job_id,
          ':at': at,
          ':name': next.name,
          ':address': next.address,
          ':city': next.city,
          ':state': next.state,
          ':zip': next.zip,
          ':zero': 0,
          ...(previousVersion === null ? {} : { ':previousVersion': previousVersion }),
        },
      }),
    ),
  );
}

/**
 * A worker takes the shipment for one job: from requested, or from purchasing whose holder's lease ran out
 * (it crashed or timed out), or again by the same job on redelivery. Returns false when another job holds it.
 */
export async function acquireLease(
  orderId: string,
  job: { jobId: string; generation: number },
  now: Date,
  leaseSeconds: number,
): Promise<boolean> {
  return conditional(() =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: shipmentEntity.key(orderId),
        UpdateExpression:
          'SET label_state = :purchasing, lease_until = :lease, job_id = :jobId, updated_at = :now, ' +
          'version = version + :one ADD attempts :one',
        ConditionExpression:
          'generation = :generation AND (label_state = :requested OR ' +
          '(label_state = :purchasing AND (lease_until < :now OR job_id = :jobId)))',
        ExpressionAttributeValues: {
          ':purchasing': 'purchasing',
          ':requested': 'requested',
          ':lease': new Date(now.getTime() + leaseSeconds * 1000).toISOString(),
          ':jobId': job.jobId,
          ':generation': job.generation,
          ':now': now.toISOString(),
          ':one': 1,
        },
      }),
    ),
  );
}

export interface PurchasedLabel {
  easypostShipmentId: string;
  labelUrl: string;
  trackingNumber: string | null;
  isTestMode: boolean;
  trackingStatus: TrackingStatus;
}

/**
 * The bought label, on the shipment and on the order (spec 001's order fields), with a timeline entry, and the
 * label e-mail owed to the seller (an outbox record) in the same transaction.
 */
export async function recordPurchase(
  orderId: string,
  job: { jobId: string; generation: number },
  label: PurchasedLabel,
  now: Date,
  validityDays: number,
): Promise<boolean> {
  const at = now.toISOString();
  const timeline = labelTimeline(
    at,
    'purchased',
    label.isTestMode ? 'Prepaid test label created' : 'Prepaid USPS label created',
  );
  return writeShipmentAndOrder(
    orderId,
    {
      expression:
        'SET label_state = :purchased, easypost_shipment_id = :shp, label_url = :url, ' +
        'tracking_number = :tracking, is_test_mode = :test, tracking_status = :trackingStatus, ' +
        'purchased_at = :at, label_expires_at = :expires, updated_at = :at, version = version + :one, ' +
        'gsi1pk = :gsi1pk, gsi1sk = :sk, gsi2pk = :unused, gsi2sk = :gsi2sk ' +
        'REMOVE lease_until, error_message, configure_settings',
      condition: 'generation = :generation AND job_id = :jobId AND label_state = :purchasing',
      values: {
        ':purchased': 'purchased',
        ':purchasing': 'purchasing',
        ':shp': label.easypostShipmentId,
        ':url': label.labelUrl,
        ':tracking': label.trackingNumber,
        ':test': label.isTestMode,
        ':trackingStatus': label.trackingStatus,
        ':at': at,
        ':expires': new Date(now.getTime() + validityDays * 86400_000).toISOString(),
        ':one': 1,
        ':gsi1pk': shipmentEntity.easypostIndex(label.easypostShipmentId).gsi1pk,
        ':sk': shipmentEntity.easypostIndex(label.easypostShipmentId).gsi1sk,
        ':unused': shipmentEntity.unusedPartition,
        ':gsi2sk': shipmentEntity.unusedIndex(at, orderId).gsi2sk,
        ':generation': job.generation,
        ':jobId': job.jobId,
      },
    },
    {
      at,
      set: `shipping_label_url = :url, tracking_number = :tracking, ${timeline.expression}`,
      remove: 'qr_code_url, label_broker_id',
      values: { ':url': label.labelUrl, ':tracking': label.trackingNumber, ...timeline.values },
    },
    [
      // The label e-mail is owed by this purchase, once per generation: the outbox relay queues it.
      outboxPut(outboxRecord('label', orderId, now, { unique: job.generation, generation: job.generation })),
      // The packing table finds the box by the number on its label (a label bought again points anew).
      ...(label.trackingNumber
        ? [putItem({ ...trackingPointer.key(label.trackingNumber), order_id: orderId, created_at: at })]
        : []),
    ],
  );
}

/** The USPS QR code of the current label, on the shipment and the order. */
export async function recordQrCode(
  orderId: string,
  generation: number,
  qr: { qrCodeUrl: string; labelBrokerId: string | null },
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const qrOrderValues = { ':qr': qr.qrCodeUrl, ':broker': qr.labelBrokerId };
  const qrValues = { ...qrOrderValues, ':at': at };
  return writeShipmentAndOrder(
    orderId,
    {
      expression:
        'SET qr_code_url = :qr, label_broker_id = :broker, updated_at = :at, version = version + :one REMOVE qr_error',
      condition: 'generation = :generation AND label_state = :purchased',
      values: { ...qrValues, ':one': 1, ':generation': generation, ':purchased': 'purchased' },
    },
    { at, set: 'qr_code_url = :qr, label_broker_id = :broker', values: qrOrderValues },
  );
}

/** A label that could not be made: the reason on the shipment, and a line on the order's timeline. */
export async function recordFailure(
  orderId: string,
  job: { jobId: string; generation: number },
  failure: { message: string; configureSettings: boolean },
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const timeline = labelTimeline(at, 'failed', failure.message);
  return writeShipmentAndOrder(
    orderId,
    {
      expression:
        'SET label_state = :failed, error_message = :message, configure_settings = :configure, ' +
        'updated_at = :at, version = version + :one REMOVE lease_until',
      condition: 'generation = :generation AND job_id = :jobId AND label_state IN (:requested, :purchasing)',
      values: {
        ':failed': 'failed',
        ':message': failure.message,
        ':configure': failure.configureSettings,
        ':at': at,
        ':one': 1,
        ':generation': job.generation,
        ':jobId': job.jobId,
        ':requested': 'requested',
        ':purchasing': 'purchasing',
      },
    },
    {
      at,
      set: `label_error = :message, ${timeline.expression}`,
      values: { ':message': failure.message, ...timeline.values },
    },
  );
}

/** The QR code could not be made although the label was bought: the label stays usable, the reason is kept. */
export async function recordQrFailure(orderId: string, generation: number, reason: string, now: Date) {
  return conditional(() =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: shipmentEntity.key(orderId),
        UpdateExpression: 'SET qr_error = :reason, updated_at = :at, version = version + :one',
        ConditionExpression: 'generation = :generation AND label_state = :purchased',
        ExpressionAttributeValues: {
          ':reason': reason,
          ':at': now.toISOString(),
          ':one': 1,
          ':generation': generation,
          ':purchased': 'purchased',
        },
      }),
    ),
  );
}

/** Purchased labels with no carrier scan, bought before `cutoff` (oldest first, one page). */
export async function listUnusedLabelsBefore(
  cutoff: Date,
  startKey?: Record<string, unknown>,
): Promise<{ items: ShipmentItem[]; next?: Record<string, unknown> }> {
  const { Items = [], LastEvaluatedKey } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: TABLE_INDEXES.byStatus.name,
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :cutoff',
      ExpressionAttributeValues: { ':pk': shipmentEntity.unusedPartition, ':cutoff': cutoff.toISOString() },
      ExclusiveStartKey: startKey,
      Limit: 100,
    }),
  );
  return { items: Items as ShipmentItem[], next: LastEvaluatedKey };
}

/** A refunded label: expired on the shipment, cleared from the order; the seller may generate a new one. */
export async function recordExpiry(
  shipment: ShipmentItem,
  refundStatus: string,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const timeline = labelTimeline(at, 'expired', 'Label unused after 7 days: refunded');
  return writeShipmentAndOrder(
    shipment.order_id,
    {
      expression:
        'SET label_state = :expired, refund_status = :refund, updated_at = :at, version = version + :one ' +
        'REMOVE gsi2pk, gsi2sk',
      // Only a label still unused: a scan that arrived meanwhile keeps it.
      condition: 'generation = :generation AND label_state = :purchased AND gsi2pk = :unused',
      values: {
        ':expired': 'expired',
        ':refund': refundStatus,
        ':at': at,
        ':one': 1,
        ':generation': shipment.generation,
        ':purchased': 'purchased',
        ':unused': shipmentEntity.unusedPartition,
      },
    },
    {
      at,
      set: timeline.expression,
      remove: 'shipping_label_url, qr_code_url, label_broker_id, tracking_number',
      values: timeline.values,
    },
  );
}

/** A label the carrier has scanned is in use: it leaves the refund index. */
export async function markLabelUsed(shipment: ShipmentItem, now: Date): Promise<boolean> {
  return conditional(() =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: shipmentEntity.key(shipment.order_id),
        UpdateExpression: 'SET updated_at = :at, version = version + :one REMOVE gsi2pk, gsi2sk',
        ConditionExpression: 'generation = :generation',
        ExpressionAttributeValues: {
          ':at': now.toISOString(),
          ':one': 1,
          ':generation': shipment.generation,
        },
      }),
    ),
  );
}

export async function findShipmentByEasyPostId(easypostShipmentId: string): Promise<ShipmentItem | null> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: TABLE_INDEXES.collection.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': shipmentEntity.easypostIndex(easypostShipmentId).gsi1pk },
      Limit: 1,
    }),
  );
  return (Items[0] as ShipmentItem | undefined) ?? null;
}

const EVENT_RETENTION_DAYS = 30;

/**
 * One carrier event, applied once: the event id is recorded in the same transaction as the change, so a
 * replayed event finds it and changes nothing (returns false).
 */
export async function applyTrackingEvent(
  shipment: ShipmentItem,
  event: {
    eventId: string;
    status: TrackingStatus;
    updatedAt: string;
    entry: TimelineEntry;
    orderShipmentStatus: string | null;
    /** False for an event older than the status already stored: it only adds its timeline line. */
    advancesStatus: boolean;
  },
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const timeline = timelineUpdate(event.entry);
  const inUse = event.status !== 'pre_transit' && event.status !== 'unknown';
  const shipmentSet = ['updated_at = :at', 'version = version + :one'];
  if (event.advancesStatus) shipmentSet.push('tracking_status = :status', 'tracking_updated_at = :statusAt');
  const orderSet = [timeline.expression];
  if (event.advancesStatus && event.orderShipmentStatus) orderSet.push('shipment_status = :orderStatus');
  const eventRecord = {
    Put: {
      TableName: tableName(),
      Item: {
        ...easypostEvent.key(event.eventId),
        entity: 'easypost-event',
        order_id: shipment.order_id,
        status: event.status,
        received_at: at,
        [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + EVENT_RETENTION_DAYS * 86400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  return writeShipmentAndOrder(
    shipment.order_id,
    {
      expression: `SET ${shipmentSet.join(', ')}${inUse ? ' REMOVE gsi2pk, gsi2sk' : ''}`,
      values: {
        ':at': at,
        ':one': 1,
        ...(event.advancesStatus ? { ':status': event.status, ':statusAt': event.updatedAt } : {}),
      },
    },
    {
      at,
      set: orderSet.join(', '),
      values: {
        ...timeline.values,
        ...(event.advancesStatus && event.orderShipmentStatus
          ? { ':orderStatus': event.orderShipmentStatus }
          : {}),
      },
    },
    [eventRecord],
  );
}
