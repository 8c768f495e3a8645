import { createHmac, timingSafeEqual } from 'node:crypto';
import { labelMessages } from '../../shared/messages.js';
import {
  orderShipmentStatusFor,
  trackingStatusLabel,
  trackingStatusOf,
} from '../../shared/rules/shipment-status.js';
import { type EasyPostEvent, ZEasyPostEvent } from '../../shared/schemas/shipment.js';
import { AppError } from '../lib/errors.js';
import { log } from '../lib/log.js';
import { getProviderSecrets } from '../lib/secrets.js';
import { parseInput } from '../lib/validation.js';
import { applyTrackingEvent, findShipmentByEasyPostId } from './shipment-repository.js';

/**
 * EasyPost's signature: `hmac-sha256-hex=` + HMAC-SHA256 of the raw body with the NFKD-normalized secret.
 * Integral weights are read as floats first, as EasyPost's own client does (EasyPost signs `16.0`).
 */
export function expectedSignature(rawBody: string, secret: string): string {
  const body = rawBody.replace(/("weight":\s*)(\d+)(\s*)(?=,|\})/g, '$1$2.0');
  const digest = createHmac('sha256', Buffer.from(secret.normalize('NFKD'), 'utf8'))
    .update(body, 'utf8')
    .digest('hex');
  return `hmac-sha256-hex=${digest}`;
}

export function isValidSignature(rawBody: string, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(expectedSignature(rawBody, secret), 'utf8');
  const given = Buffer.from(header, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Verifies the signature over the raw body, then parses it: 401 before anything is read, 400 if malformed. */
export async function verifiedEvent(
  rawBody: string | undefined,
  signature: string | undefined,
): Promise<EasyPostEvent> {
  const secret = (await getProviderSecrets()).easypostWebhookSecret;
  if (!secret) log('error', 'EasyPost webhook secret is not configured: every event is refused');
  if (!secret || rawBody === undefined || !isValidSignature(rawBody, signature, secret)) {
    throw new AppError('unauthorized', labelMessages.invalidSignature);
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError('validation', 'Request body must be valid JSON');
  }
  return parseInput(ZEasyPostEvent, json);
}

const locationOf = (detail: {
  tracking_location?: { city?: string | null; state?: string | null } | null;
}) => {
  const parts = [detail.tracking_location?.city, detail.tracking_location?.state].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
};

/**
 * tracker.updated: the shipment's carrier status and a line on the order's timeline, once per event id.
 * Events for shipments this product did not make, and other event kinds, are acknowledged and ignored.
 */
export async function handleEvent(event: EasyPostEvent, now: Date): Promise<{ duplicate: boolean }> {
  const tracker = event.result;
  if (event.description !== 'tracker.updated' || !tracker?.shipment_id) return { duplicate: false };
  const shipment = await findShipmentByEasyPostId(tracker.shipment_id);
  if (!shipment) {
    log('info', 'tracker event for an unknown shipment', {
      eventId: event.id,
      shipmentId: tracker.shipment_id,
    });
    return { duplicate: false };
  }
  const status = trackingStatusOf(tracker.status);
  const updatedAt = tracker.updated_at ?? now.toISOString();
  const details = tracker.tracking_details ?? [];
  const latest = details[details.length - 1];
  const applied = await applyTrackingEvent(
    shipment,
    {
      eventId: event.id,
      status,
      updatedAt,
      entry: {
        at: latest?.datetime ?? updatedAt,
        kind: 'tracking',
        status,
        message: latest?.message?.trim() || trackingStatusLabel(status),
        location: latest ? locationOf(latest) : null,
      },
      orderShipmentStatus: orderShipmentStatusFor(status),
      // Events can arrive out of order: an older one adds its line but does not move the status back.
      advancesStatus: !shipment.tracking_updated_at || updatedAt >= shipment.tracking_updated_at,
    },
    now,
  );
  return { duplicate: !applied };
}
