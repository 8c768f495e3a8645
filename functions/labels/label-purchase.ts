import { LABEL_VALIDITY_DAYS } from '../../shared/constants.js';
import { labelMessages } from '../../shared/messages.js';
import { trackingStatusOf } from '../../shared/rules/shipment-status.js';
import type { LabelJob } from '../../shared/schemas/shipment.js';
import type { ShipmentItem } from '../lib/entities.js';
import { log } from '../lib/log.js';
import {
  type EasyPost,
  type EpShipment,
  easypostClient,
  isNotFound,
  isTransient,
  labelUrlOf,
  latestQrForm,
  lowestUspsRate,
  providerError,
} from './easypost.js';
import { acquireLease, getShipment, recordPurchase, recordQrCode } from './shipment-repository.js';
import { apiKeyForLabel, LabelFailure, loadShippingConfig, type ShippingConfig } from './shipping-config.js';

/** How long a worker holds a shipment: longer than the worker's 60 s timeout, so a live worker keeps it. */
const LEASE_SECONDS = 90;

/** A provider refusal is final (the address, the key); its outages and throttling are retried by the queue. */
export function rethrow(error: unknown, describe: (reason: string) => string, configureOn401 = true): never {
  if (error instanceof LabelFailure || isTransient(error)) throw error;
  const { status, message } = providerError(error);
  if (status === 401 || status === 403) throw new LabelFailure(labelMessages.keyMissing, configureOn401);
  throw new LabelFailure(describe(message));
}

export async function findByReference(client: EasyPost, reference: string): Promise<EpShipment | null> {
  try {
    return await client.retrieveShipment(reference);
  } catch (error) {
    if (isNotFound(error)) return null;
    rethrow(error, labelMessages.providerRejected);
  }
}

async function createShipment(
  client: EasyPost,
  shipment: ShipmentItem,
  config: ShippingConfig,
): Promise<EpShipment> {
  let fromAddressId: string;
  try {
    const verified = await client.verifyAddress({
      name: shipment.name,
      street1: shipment.address,
      city: shipment.city,
      state: shipment.state,
      zip: shipment.zip,
      country: 'US',
    });
    fromAddressId = verified.id;
  } catch (error) {
    rethrow(error, labelMessages.addressUnverified);
  }
  try {
    return await client.createShipment({
      reference: shipment.reference,
      from_address: { id: fromAddressId },
      to_address: config.warehouse,
      parcel: config.parcel,
      carrier_accounts: [config.carrierAccount],
      // The order id printed on the label, so the warehouse knows the box at a glance.
      options: { print_custom_1: shipment.order_id, label_format: 'PDF' },
    });
  } catch (error) {
    rethrow(error, labelMessages.providerRejected);
  }
}

export async function buy(client: EasyPost, shipment: EpShipment): Promise<EpShipment> {
  const rate = lowestUspsRate(shipment);
  if (!rate) throw new LabelFailure(labelMessages.noUspsRate);
  try {
    return await client.buyShipment(shipment.id, rate.id);
  } catch (error) {
    // Bought already (an earlier attempt's answer was lost): the retrieve below adopts that label.
    if (providerError(error).code === 'SHIPMENT.POSTAGE.EXISTS') {
      return await client.retrieveShipment(shipment.id);
    }
    rethrow(error, labelMessages.providerRejected);
  }
}

export async function makeQrCode(client: EasyPost, easypostShipmentId: string) {
  try {
    const withForm = await client.generateForm(easypostShipmentId, 'label_qr_code');
    const qr = latestQrForm(withForm);
    if (!qr) throw new Error(labelMessages.noQrUrl);
    return qr;
  } catch (error) {
    if (error instanceof Error && error.message === labelMessages.noQrUrl) throw error;
    rethrow(error, labelMessages.providerRejected);
  }
}

/**
 * The label of one job, bought at most once. The shipment is leased to one worker at a time, and before
 * buying the worker looks for an EasyPost shipment already made under the same reference: a redelivered job,
 * or one whose earlier attempt bought but crashed before saving, adopts that label instead of buying another.
 */
export async function purchaseLabel(job: LabelJob, now: () => Date): Promise<void> {
  const current = await getShipment(job.orderId);
  if (!current || current.generation !== job.generation) {
    log('info', 'label job is obsolete', { ...job, state: current?.label_state });
    return;
  }
  if (current.label_state === 'purchased') {
    if (!current.qr_code_url) await addQrCode(current, now);
    return;
  }
  if (!(await acquireLease(job.orderId, job, now(), LEASE_SECONDS))) {
    const latest = await getShipment(job.orderId);
    log('info', 'label job skipped: another job holds the shipment or it is settled', {
      ...job,
      state: latest?.label_state,
      holder: latest?.job_id,
    });
    return;
  }
  const shipment = (await getShipment(job.orderId)) as ShipmentItem;
  const config = await loadShippingConfig();
  const client = easypostClient(config.apiKey);

  let bought = await findByReference(client, shipment.reference);
  if (!bought || !labelUrlOf(bought)) {
    bought = await buy(client, bought ?? (await createShipment(client, shipment, config)));
  }
  const labelUrl = labelUrlOf(bought);
  if (!labelUrl) throw new LabelFailure(labelMessages.noLabelUrl);
  const saved = await recordPurchase(
    job.orderId,
    job,
    {
      easypostShipmentId: bought.id,
      labelUrl,
      trackingNumber: bought.tracking_code ?? null,
      isTestMode: config.isTestMode,
      trackingStatus: trackingStatusOf(bought.tracker?.status),
    },
    now(),
    LABEL_VALIDITY_DAYS,
  );
  if (!saved) throw new Error('The shipment changed while its label was bought; retrying');
  const qr = latestQrForm(bought) ?? (await makeQrCode(client, bought.id));
  await recordQrCode(job.orderId, job.generation, qr, now());
}

/** A purchased label still without its QR code (the form call failed after the purchase). */
async function addQrCode(shipment: ShipmentItem, now: () => Date): Promise<void> {
  if (!shipment.easypost_shipment_id) return;
  const client = easypostClient(await apiKeyForLabel(shipment.is_test_mode ?? true));
  const qr = await makeQrCode(client, shipment.easypost_shipment_id);
  await recordQrCode(shipment.order_id, shipment.generation, qr, now());
}
