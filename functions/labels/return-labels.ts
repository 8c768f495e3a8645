/**
 * 'Buy Return Label': the items a seller asked back (their rejected, returnable boxes) go back in a box from the
 * warehouse to the seller's address, on a label bought through the same EasyPost client and shipping settings as
 * the free label (test mode locally). Bought at most once: the order is leased first (a conditional write on
 * the return as read), and the EasyPost shipment carries a reference derived from the order, so a retry after a
 * lost answer or an expired lease adopts the label already bought instead of buying another.
 */
import { randomUUID } from 'node:crypto';
import { receivingMessages as m } from '../../shared/admin-messages.js';
import { labelMessages } from '../../shared/messages.js';
import type { ActivityEntry } from '../../shared/schemas/admin-orders.js';
import type { OrderItem } from '../lib/entities.js';
import { AppError } from '../lib/errors.js';
import { errorDetails, log } from '../lib/log.js';
import { changeOrder, commit, getOrderForStaff, OrderUpdate } from '../lib/order-writes.js';
import { outboxPut, outboxRecord } from '../lib/outbox.js';
import { conditional } from '../lib/races.js';
import type { StoredReturn } from '../lib/receiving/entities.js';
import type { ReceivingOrderItem } from '../lib/receiving/views.js';
import { type EasyPost, type EpShipment, easypostClient, labelUrlOf } from './easypost.js';
import { buy, findByReference, rethrow } from './label-purchase.js';
import { LabelFailure, loadShippingConfig, type ShippingConfig } from './shipping-config.js';

/** How long one click holds the return: longer than the route's 29 s timeout. */
export const RETURN_LEASE_SECONDS = 60;

/** The EasyPost reference of an order's return shipment (the free label's is the order id). */
export const returnReference = (orderId: string) => `${orderId}-RETURN`;

/** Why this return cannot be bought now, or null: asked for, no label yet, and nobody else buying it. */
export function returnProblem(ret: StoredReturn | undefined, at: string): string | null {
  if (!ret) return m.noReturnRequested;
  if (ret.state === 'label_bought') return m.returnLabelExists;
  if (ret.buying_until && ret.buying_until > at) return m.returnLabelBuying;
  return null;
}

/** Takes the lease on the return: conditional on the return exactly as read. */
async function leaseReturn(orderId: string, now: () => Date): Promise<ReceivingOrderItem> {
  return changeOrder(orderId, m.returnLabelFailed, async (read) => {
    const order = read as ReceivingOrderItem;
    const at = now().toISOString();
    const problem = returnProblem(order.return_shipment, at);
    if (problem) throw new AppError('conflict', problem);
    const until = new Date(now().getTime() + RETURN_LEASE_SECONDS * 1000).toISOString();
    const leased = { ...order.return_shipment!, buying_until: until };
    await commit(
      new OrderUpdate(order, at)
        .set('return_shipment', leased)
        .unchanged('return_shipment', order.return_shipment),
    );
    return { ...order, return_shipment: leased };
  });
}

async function createReturnShipment(
  client: EasyPost,
  order: ReceivingOrderItem,
  config: ShippingConfig,
): Promise<EpShipment> {
  const a = order.shipping_address;
  const name = `${order.customer.firstName} ${order.customer.lastName}`.trim();
  let toAddressId: string;
  try {
    const verified = await client.verifyAddress({
      name,
      street1: a.address,
      city: a.city,
      state: a.state,
      zip: a.zipCode,
      country: 'US',
    });
    toAddressId = verified.id;
  } catch (error) {
    rethrow(error, labelMessages.addressUnverified);
  }
  try {
    return await client.createShipment({
      reference: returnReference(order.order_id),
      from_address: config.warehouse,
      to_address: { id: toAddressId },
      parcel: config.parcel,
      carrier_accounts: [config.carrierAccount],
      options: { print_custom_1: `Return ${order.order_id}`, label_format: 'PDF' },
    });
  } catch (error) {
    rethrow(error, labelMessages.providerRejected);
  }
}

/** The label: the one already bought under the order's return reference, else a new one. */
async function purchase(
  order: ReceivingOrderItem,
): Promise<{ labelUrl: string; trackingNumber: string | null }> {
  const config = await loadShippingConfig();
  const client = easypostClient(config.apiKey);
  let bought = await findByReference(client, returnReference(order.order_id));
  if (!bought || !labelUrlOf(bought)) {
    bought = await buy(client, bought ?? (await createReturnShipment(client, order, config)));
  }
  const labelUrl = labelUrlOf(bought);
  if (!labelUrl) throw new LabelFailure(labelMessages.noLabelUrl);
  return { labelUrl, trackingNumber: bought.tracking_code ?? null };
}

/** Gives the lease back after a failure, so staff may try again at once (only if it is still ours). */
async function releaseLease(order: ReceivingOrderItem, now: () => Date): Promise<void> {
  const leased = order.return_shipment!;
  const { buying_until: _, ...rest } = leased;
  await conditional(() =>
    commit(
      new OrderUpdate(order, now().toISOString())
        .set('return_shipment', rest)
        .unchanged('return_shipment', leased),
    ),
  ).catch((error) => log('warn', 'return label lease not released', { ...errorDetails(error) }));
}

/**
 * Buys the return label and records it: return_shipment label_bought with the label, its tracking number, who
 * and when, a RETURN_LABEL activity entry and the 'return_label' outbox record (the seller's e-mail) in one
 * write, conditional on the return still being requested.
 */
export async function buyReturnLabel(
  orderId: string,
  by: string | undefined,
  now: () => Date,
): Promise<OrderItem> {
  const leased = await leaseReturn(orderId, now);
  let label: { labelUrl: string; trackingNumber: string | null };
  try {
    label = await purchase(leased);
  } catch (error) {
    await releaseLease(leased, now);
    if (error instanceof LabelFailure) throw new AppError('conflict', error.message);
    log('error', 'return label not bought', { orderId, ...errorDetails(error) });
    throw new AppError('unavailable', m.returnLabelFailed);
  }
  await changeOrder(orderId, m.returnLabelFailed, async (read) => {
    const order = read as ReceivingOrderItem;
    const ret = order.return_shipment;
    // Recorded meanwhile by a click whose lease had expired: the same label (same reference), nothing to add.
    if (ret?.state === 'label_bought') return;
    if (!ret) throw new AppError('conflict', m.noReturnRequested);
    const at = now().toISOString();
    const { buying_until: _, ...rest } = ret;
    const bought: StoredReturn = {
      ...rest,
      state: 'label_bought',
      label_url: label.labelUrl,
      ...(label.trackingNumber ? { tracking_number: label.trackingNumber } : {}),
      bought_at: at,
      ...(by ? { bought_by: by } : {}),
    };
    const entry: ActivityEntry = {
      id: randomUUID(),
      type: 'RETURN_LABEL',
      message: `Return label bought${label.trackingNumber ? ` (tracking ${label.trackingNumber})` : ''} and emailed to ${order.customer.email}`,
      timestamp: at,
      ...(by ? { by } : {}),
    };
    const update = new OrderUpdate(order, at)
      .set('return_shipment', bought)
      .unchanged('return_shipment', ret)
      .append('activity_log', [entry]);
    await commit(update, [outboxPut(outboxRecord('return_label', order.order_id, new Date(at)))]);
  });
  return getOrderForStaff(orderId);
}
