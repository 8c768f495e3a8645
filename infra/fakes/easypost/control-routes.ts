/**
 * The test-control endpoints under `/__control/`, which EasyPost does not have: tests queue failures
 * (`failures`, for every call or, with a `reference`, for one shipment's), read what was called (`stats`),
 * forget everything (`reset`), and move a tracker on
 * (`trackers/{tracking code}`), which sends EasyPost's signed `tracker.updated` event to our webhook.
 */
import { createHmac } from 'node:crypto';
import { Hono } from 'hono';
import { badRequest, type Json, json, notFound, parseJson, text } from './http.js';
import { type EasyPostStore, newId, now, OPERATIONS, type Operation } from './store.js';

export interface ControlContext {
  store: EasyPostStore;
  /** Where EasyPost events are POSTed (our webhook), and the secret to sign them with; read at send time. */
  webhook?: { url: string; secret: () => string | undefined };
  log: (line: string) => void;
  /** Aborted when the server closes, so a webhook delivery never holds the process open. */
  closing: AbortSignal;
}

/** EasyPost's `X-Hmac-Signature` over the raw body, as `client.Utils.validateWebhook` checks it. */
function signWebhookBody(body: string, secret: string): string {
  const key = Buffer.from(secret.normalize('NFKD'), 'utf8');
  return `hmac-sha256-hex=${createHmac('sha256', key).update(body, 'utf8').digest('hex')}`;
}

export function controlRoutes({ store, webhook, log, closing }: ControlContext) {
  function queueFailure(body: Json): unknown {
    const operation = body.operation as Operation;
    if (!OPERATIONS.includes(operation)) {
      throw badRequest(`operation must be one of ${OPERATIONS.join(', ')}.`);
    }
    const status = body.status;
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) {
      throw badRequest('status must be an HTTP error status (400-599).');
    }
    const times = body.times ?? 1;
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 1) {
      throw badRequest('times must be a positive whole number.');
    }
    const delayMs = body.delayMs ?? 0;
    if (typeof delayMs !== 'number' || !Number.isFinite(delayMs) || delayMs < 0) {
      throw badRequest('delayMs must be a non-negative number.');
    }
    const reference = body.reference ?? null;
    if (reference !== null && (typeof reference !== 'string' || reference === '')) {
      throw badRequest('reference must be a shipment reference.');
    }
    store.failures.push({
      operation,
      reference,
      status,
      remaining: times,
      code: text(body.code) ?? (status < 500 ? 'PARAMETER.INVALID' : 'INTERNAL_SERVER_ERROR'),
      message: text(body.message) ?? 'Simulated failure',
      delayMs,
    });
    return { failures: store.failures };
  }

  async function updateTracker(trackingCode: string, body: Json): Promise<unknown> {
    const shipment = store.shipmentWithTrackingCode(trackingCode);
    const tracker = shipment?.tracker;
    if (!shipment || !tracker) throw notFound();
    const status = text(body.status);
    if (status === null) throw badRequest('status is required.');

    const time = now();
    const previous = tracker.status;
    tracker.tracking_details.push({
      object: 'TrackingDetail',
      message: text(body.message) ?? `Test tracking update: ${status}`,
      status,
      datetime: time,
      tracking_location: {
        object: 'TrackingLocation',
        city: text(body.city),
        state: text(body.state),
        country: 'US',
        zip: null,
      },
    });
    tracker.status = status;
    tracker.updated_at = time;
    shipment.status = status;
    shipment.updated_at = time;

    const event = {
      object: 'Event',
      id: newId('evt_'),
      mode: shipment.mode,
      description: 'tracker.updated',
      created_at: time,
      updated_at: time,
      previous_attributes: { status: previous },
      result: tracker,
      status: 'pending',
    };
    const raw = JSON.stringify(event);
    const secret = webhook?.secret();
    const signature = secret === undefined ? null : signWebhookBody(raw, secret);
    let delivered: { status: number; error?: string } | null = null;
    if (webhook && signature !== null) {
      delivered = await deliver(webhook.url, raw, signature);
      log(`webhook ${event.description} ${trackingCode} -> ${delivered.status || delivered.error}`);
    }
    return { event, body: raw, signature, delivered };
  }

  async function deliver(
    url: string,
    raw: string,
    signature: string,
  ): Promise<{ status: number; error?: string }> {
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'EasyPost WebHook Agent 1.0',
          'X-Hmac-Signature': signature,
        },
        body: raw,
        signal: AbortSignal.any([closing, AbortSignal.timeout(10_000)]),
      });
      await answer.arrayBuffer();
      return { status: answer.status };
    } catch (error) {
      return { status: 0, error: error instanceof Error ? error.message : String(error) };
    }
  }

  return new Hono()
    .post('/failures', async (c) => json(c, 200, queueFailure(parseJson(await c.req.text()))))
    .delete('/failures', (c) => {
      store.failures = [];
      return json(c, 200, { failures: store.failures });
    })
    .get('/stats', (c) => json(c, 200, store.stats))
    .post('/reset', (c) => {
      store.reset();
      return json(c, 200, { reset: true });
    })
    .post('/trackers/:code', async (c) =>
      json(c, 200, await updateTracker(c.req.param('code'), parseJson(await c.req.text()))),
    );
}
