/**
 * A local stand-in for the part of EasyPost's API v2 the label worker uses (address verification, shipments,
 * buying, USPS QR forms, refunds) and for the tracker webhooks EasyPost sends, so the unchanged `@easypost/api`
 * client works offline: `npm start` points the worker at it, and integration tests queue failures through its
 * `/__control/*` endpoints. Labels and QR codes are real files that say TEST / NOT FOR SHIPPING.
 */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { crc32, deflateSync } from 'node:zlib';
import { LocalStackError } from './errors.js';

export interface EasyPostServerOptions {
  port: number; // 0 = any free port
  host?: string; // default '127.0.0.1'
  /** Where EasyPost events are POSTed (our webhook), and the secret to sign them with; read at send time. */
  webhook?: { url: string; secret: () => string | undefined };
  log?: (line: string) => void;
}

export interface EasyPostTestServer {
  /** `http://localhost:<port>`: browsers load label and QR files from it. */
  origin: string;
  /** `${origin}/v2/`, for `new EasyPostClient(key, { baseUrl: apiBaseUrl })`. */
  apiBaseUrl: string;
  close(): Promise<void>;
}

type Mode = 'test' | 'production';
type Json = Record<string, unknown>;

const OPERATIONS = ['verify', 'create', 'retrieve', 'buy', 'form', 'refund'] as const;
type Operation = (typeof OPERATIONS)[number];

interface Address extends Json {
  object: 'Address';
  id: string;
  mode: Mode;
}

interface Rate {
  object: 'Rate';
  id: string;
  mode: Mode;
  carrier: string;
  service: string;
  rate: string;
  currency: 'USD';
  retail_rate: string;
  retail_currency: 'USD';
  list_rate: string;
  list_currency: 'USD';
  delivery_days: number;
  est_delivery_days: number;
  delivery_date: null;
  delivery_date_guaranteed: boolean;
  shipment_id: string;
  carrier_account_id: string;
  created_at: string;
  updated_at: string;
}

interface TrackingDetail {
  object: 'TrackingDetail';
  message: string;
  status: string;
  datetime: string;
  tracking_location: {
    object: 'TrackingLocation';
    city: string | null;
    state: string | null;
    country: 'US';
    zip: null;
  };
}

interface Tracker {
  object: 'Tracker';
  id: string;
  mode: Mode;
  tracking_code: string;
  status: string;
  shipment_id: string;
  carrier: string;
  tracking_details: TrackingDetail[];
  created_at: string;
  updated_at: string;
}

interface Form {
  object: 'Form';
  id: string;
  mode: Mode;
  form_type: 'label_qr_code';
  form_url: string;
  label_broker_id: string;
  submitted_electronically: null;
  created_at: string;
  updated_at: string;
}

interface Shipment {
  object: 'Shipment';
  id: string;
  reference: string | null;
  mode: Mode;
  status: string;
  created_at: string;
  updated_at: string;
  from_address: Address;
  to_address: Address;
  parcel: Json;
  options: Json;
  rates: Rate[];
  selected_rate: Rate | null;
  postage_label: Json | null;
  tracking_code: string | null;
  tracker: Tracker | null;
  forms: Form[];
  refund_status: 'submitted' | null;
}

interface FailureSwitch {
  operation: Operation;
  status: number;
  remaining: number;
  code: string;
  message: string;
  delayMs: number;
}

/** Every error EasyPost answers has this body; the client reads `error.body.error`. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: unknown[] = [],
  ) {
    super(message);
  }
}

const notFound = () => new ApiError(404, 'NOT_FOUND', 'The requested resource could not be found.');
const required = (field: string) =>
  new ApiError(422, 'PARAMETER.REQUIRED', `Missing required parameter: ${field}.`, [
    { field, message: 'cannot be blank' },
  ]);

const RATE_TABLE = [
  { carrier: 'USPS', service: 'GroundAdvantage', rate: '6.95', retail: '8.40', days: 3 },
  { carrier: 'USPS', service: 'Priority', rate: '9.45', retail: '11.25', days: 2 },
  { carrier: 'USPS', service: 'Express', rate: '31.20', retail: '35.90', days: 1 },
  { carrier: 'UPS', service: 'Ground', rate: '11.80', retail: '14.60', days: 3 },
] as const;

const ADDRESS_FIELDS = [
  'name',
  'company',
  'street1',
  'street2',
  'city',
  'state',
  'zip',
  'country',
  'phone',
  'email',
] as const;

/** `POST /v2/shipments/{id}/{action}` */
const ACTIONS = new Map<string, Operation>([
  ['buy', 'buy'],
  ['forms', 'form'],
  ['refund', 'refund'],
]);

const MAX_BODY_BYTES = 1024 * 1024;

const newId = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;
/** EasyPost's timestamps have no milliseconds. */
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

function asRecord(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function numberOrNull(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

function modeOfKey(req: IncomingMessage): Mode {
  const header = req.headers.authorization ?? '';
  const match = /^Basic\s+(.+)$/i.exec(header.trim());
  const key = match ? Buffer.from(match[1], 'base64').toString('utf8').split(':')[0] : '';
  if (key === '') throw new ApiError(401, 'APIKEY.REQUIRED', 'No API key provided.');
  if (key.startsWith('EZTK')) return 'test';
  if (key.startsWith('EZAK')) return 'production';
  throw new ApiError(
    401,
    'APIKEY.INACTIVE',
    'This API key is no longer active. Please use a different API key or reactivate this key.',
  );
}

/** A plausible, stable geocode per ZIP: the worker stores it, nobody routes by it. */
function geocode(zip: string): { latitude: number; longitude: number; time_zone: string } {
  const hash = createHash('sha256').update(zip).digest();
  const latitude = Math.round((25 + (hash[0] / 255) * 23) * 1e5) / 1e5;
  const longitude = -Math.round((70 + (hash[1] / 255) * 52) * 1e5) / 1e5;
  const time_zone =
    longitude > -87
      ? 'America/New_York'
      : longitude > -101
        ? 'America/Chicago'
        : longitude > -114
          ? 'America/Denver'
          : 'America/Los_Angeles';
  return { latitude, longitude, time_zone };
}

function randomDigits(count: number): string {
  let digits = '';
  for (let i = 0; i < count; i++) digits += String(randomInt(10));
  return digits;
}

function labelBrokerId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let id = 'LB';
  for (let i = 0; i < 12; i++) id += alphabet[randomInt(alphabet.length)];
  return id;
}

/** EasyPost's `X-Hmac-Signature` over the raw body, as `client.Utils.validateWebhook` checks it. */
function signWebhookBody(body: string, secret: string): string {
  const key = Buffer.from(secret.normalize('NFKD'), 'utf8');
  return `hmac-sha256-hex=${createHmac('sha256', key).update(body, 'utf8').digest('hex')}`;
}

export async function startEasyPostServer(options: EasyPostServerOptions): Promise<EasyPostTestServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  // Aborted by close(), so delayed answers and webhook deliveries never hold the process open.
  const closing = new AbortController();
  const carrierAccounts: Record<string, string> = { USPS: newId('ca_'), UPS: newId('ca_') };

  const addresses = new Map<string, Address>();
  const shipments = new Map<string, Shipment>();
  const forms = new Map<string, { form: Form; shipmentId: string }>();
  const shipmentByTrackingCode = new Map<string, string>();
  // Never cleared by a reset: tracking codes stay unique for the server's life, as tests' data outlives resets.
  const issuedTrackingCodes = new Set<string>();
  let failures: FailureSwitch[] = [];
  let stats = emptyStats();
  let origin = '';

  function emptyStats() {
    return {
      buys: {} as Record<string, number>,
      refunds: {} as Record<string, number>,
      calls: Object.fromEntries(OPERATIONS.map((op) => [op, 0])) as Record<Operation, number>,
    };
  }

  function addressFrom(input: unknown, mode: Mode, field: string): Address {
    const given = asRecord(input);
    if (!given) throw required(field);
    const known = typeof given.id === 'string' ? addresses.get(given.id) : undefined;
    if (known && known.mode === mode && Object.keys(given).length === 1) return known;
    const time = now();
    const address: Address = { object: 'Address', id: newId('adr_'), mode };
    for (const name of ADDRESS_FIELDS) address[name] = text(given[name]) ?? (known?.[name] as string) ?? null;
    address.country ??= 'US';
    Object.assign(address, { residential: null, created_at: time, updated_at: time });
    addresses.set(address.id, address);
    return address;
  }

  function tryShipment(id: string, mode: Mode): Shipment | undefined {
    const shipment = shipments.get(id);
    return shipment?.mode === mode ? shipment : undefined;
  }

  function shipmentById(id: string, mode: Mode): Shipment {
    const shipment = tryShipment(id, mode);
    if (!shipment) throw notFound();
    return shipment;
  }

  // --- API operations -----------------------------------------------------------------------------------

  function verifyAddress(body: Json, mode: Mode): Json {
    const input = asRecord(body.address);
    if (!input) throw required('address');
    for (const field of ['street1', 'city', 'state', 'zip'] as const) {
      if (text(input[field]) === null) throw required(`address.${field}`);
    }
    const street1 = text(input.street1) ?? '';
    const zip = text(input.zip) ?? '';
    if (/undeliverable/i.test(street1) || zip === '00000') {
      throw new ApiError(422, 'ADDRESS.VERIFY.FAILURE', 'Unable to verify address.', [
        { code: 'E.ADDRESS.NOT_FOUND', field: 'address', message: 'Address not found', suggestion: null },
      ]);
    }
    const address = addressFrom({ ...input, id: undefined }, mode, 'address');
    address.verifications = {
      zip4: { success: true, errors: [], details: null },
      delivery: { success: true, errors: [], details: geocode(zip) },
    };
    return { address };
  }

  function createShipment(body: Json, mode: Mode): Shipment {
    const input = asRecord(body.shipment);
    if (!input) throw required('shipment');
    if (!asRecord(input.from_address)) throw required('shipment.from_address');
    if (!asRecord(input.to_address)) throw required('shipment.to_address');
    const parcelInput = asRecord(input.parcel);
    if (!parcelInput) throw required('shipment.parcel');
    const weight = numberOrNull(parcelInput.weight);
    if (weight === null || weight <= 0) throw required('shipment.parcel.weight');

    const time = now();
    const id = newId('shp_');
    const accounts = Array.isArray(input.carrier_accounts) ? input.carrier_accounts : [];
    const chosenAccount = typeof accounts[0] === 'string' ? accounts[0] : undefined;
    const shipment: Shipment = {
      object: 'Shipment',
      id,
      reference: text(input.reference),
      mode,
      status: 'unknown',
      created_at: time,
      updated_at: time,
      from_address: addressFrom(input.from_address, mode, 'shipment.from_address'),
      to_address: addressFrom(input.to_address, mode, 'shipment.to_address'),
      parcel: {
        object: 'Parcel',
        id: newId('prcl_'),
        mode,
        length: numberOrNull(parcelInput.length),
        width: numberOrNull(parcelInput.width),
        height: numberOrNull(parcelInput.height),
        weight,
        predefined_package: null,
        created_at: time,
        updated_at: time,
      },
      options: asRecord(input.options) ?? {},
      rates: RATE_TABLE.map((row) => ({
        object: 'Rate',
        id: newId('rate_'),
        mode,
        carrier: row.carrier,
        service: row.service,
        rate: row.rate,
        currency: 'USD',
        retail_rate: row.retail,
        retail_currency: 'USD',
        list_rate: row.rate,
        list_currency: 'USD',
        delivery_days: row.days,
        est_delivery_days: row.days,
        delivery_date: null,
        delivery_date_guaranteed: false,
        shipment_id: id,
        carrier_account_id: chosenAccount ?? carrierAccounts[row.carrier],
        created_at: time,
        updated_at: time,
      })),
      selected_rate: null,
      postage_label: null,
      tracking_code: null,
      tracker: null,
      forms: [],
      refund_status: null,
    };
    shipments.set(id, shipment);
    return shipment;
  }

  /** By id; otherwise, as EasyPost allows, the newest shipment with that reference. */
  function retrieveShipment(idOrReference: string, mode: Mode): Shipment {
    const byId = tryShipment(idOrReference, mode);
    if (byId) return byId;
    let latest: Shipment | undefined;
    for (const shipment of shipments.values()) {
      if (shipment.mode === mode && shipment.reference === idOrReference) latest = shipment;
    }
    if (!latest) throw notFound();
    return latest;
  }

  function newTrackingCode(mode: Mode): string {
    for (;;) {
      const code = mode === 'test' ? `9400100000000${randomDigits(9)}` : `9400111${randomDigits(15)}`;
      if (!issuedTrackingCodes.has(code)) {
        issuedTrackingCodes.add(code);
        return code;
      }
    }
  }

  function buyShipment(shipment: Shipment, body: Json): Shipment {
    if (shipment.postage_label) {
      throw new ApiError(422, 'SHIPMENT.POSTAGE.EXISTS', 'Shipment already has postage.');
    }
    const rateId = text(asRecord(body.rate)?.id);
    if (rateId === null) throw required('rate.id');
    const rate = shipment.rates.find((r) => r.id === rateId);
    if (!rate) {
      throw new ApiError(422, 'SHIPMENT.RATE.INVALID', 'The rate is not valid for this shipment.');
    }
    const time = now();
    const trackingCode = newTrackingCode(shipment.mode);
    const labelUrl = `${origin}/files/labels/${shipment.id}.pdf`;
    shipment.selected_rate = rate;
    shipment.postage_label = {
      object: 'PostageLabel',
      id: newId('pl_'),
      label_url: labelUrl,
      label_pdf_url: labelUrl,
      label_file_type: 'application/pdf',
      label_size: '4x6',
      label_resolution: 300,
      label_date: text(shipment.options.label_date) ?? time,
      label_zpl_url: null,
      label_epl2_url: null,
      created_at: time,
      updated_at: time,
    };
    shipment.tracking_code = trackingCode;
    shipment.tracker = {
      object: 'Tracker',
      id: newId('trk_'),
      mode: shipment.mode,
      tracking_code: trackingCode,
      status: 'pre_transit',
      shipment_id: shipment.id,
      carrier: rate.carrier,
      tracking_details: [],
      created_at: time,
      updated_at: time,
    };
    shipment.updated_at = time;
    shipmentByTrackingCode.set(trackingCode, shipment.id);
    const key = shipment.reference ?? shipment.id;
    stats.buys[key] = (stats.buys[key] ?? 0) + 1;
    return shipment;
  }

  function addForm(shipment: Shipment, body: Json): Shipment {
    const type = text(asRecord(body.form)?.type);
    if (type === null) throw required('form.type');
    if (type !== 'label_qr_code') {
      throw new ApiError(422, 'PARAMETER.INVALID', `Form type ${type} is not supported by the test server.`);
    }
    if (!shipment.postage_label) {
      throw new ApiError(
        422,
        'SHIPMENT.FORM.INVALID',
        'A form can only be created for a purchased shipment.',
      );
    }
    const time = now();
    const id = newId('form_');
    const form: Form = {
      object: 'Form',
      id,
      mode: shipment.mode,
      form_type: 'label_qr_code',
      form_url: `${origin}/files/qr/${id}.png`,
      label_broker_id: labelBrokerId(),
      submitted_electronically: null,
      created_at: time,
      updated_at: time,
    };
    forms.set(id, { form, shipmentId: shipment.id });
    shipment.forms.push(form);
    shipment.updated_at = time;
    return shipment;
  }

  function refundShipment(shipment: Shipment): Shipment {
    if (!shipment.postage_label) {
      throw new ApiError(422, 'SHIPMENT.REFUND.INVALID', 'Shipment has no postage to refund.');
    }
    if (shipment.refund_status) {
      throw new ApiError(
        422,
        'SHIPMENT.REFUND.INVALID',
        'A refund has already been requested for this shipment.',
      );
    }
    shipment.refund_status = 'submitted';
    shipment.updated_at = now();
    stats.refunds[shipment.id] = (stats.refunds[shipment.id] ?? 0) + 1;
    return shipment;
  }

  // --- routing ------------------------------------------------------------------------------------------

  function apiRoute(
    method: string,
    segments: string[],
  ): { operation: Operation; id?: string; status: number } | undefined {
    const [resource, id, action, ...rest] = segments;
    if (rest.length > 0) return undefined;
    if (resource === 'addresses' && id === 'create_and_verify' && !action && method === 'POST') {
      return { operation: 'verify', status: 200 };
    }
    if (resource !== 'shipments') return undefined;
    if (!id) return method === 'POST' ? { operation: 'create', status: 201 } : undefined;
    if (!action) return method === 'GET' ? { operation: 'retrieve', id, status: 200 } : undefined;
    if (method !== 'POST') return undefined;
    const operation = ACTIONS.get(action);
    return operation ? { operation, id, status: 200 } : undefined;
  }

  async function handleApi(
    req: IncomingMessage,
    segments: string[],
    raw: Buffer,
  ): Promise<[number, unknown]> {
    const route = apiRoute(req.method ?? 'GET', segments);
    if (!route) throw notFound();
    stats.calls[route.operation] += 1;
    const mode = modeOfKey(req);
    const body = parseJson(raw);
    const failure = failures.find((f) => f.operation === route.operation);
    if (failure) {
      failure.remaining -= 1;
      if (failure.remaining <= 0) failures = failures.filter((f) => f !== failure);
      if (failure.delayMs > 0) await sleep(failure.delayMs, undefined, { signal: closing.signal });
      throw new ApiError(failure.status, failure.code, failure.message);
    }
    const id = route.id ?? '';
    switch (route.operation) {
      case 'verify':
        return [route.status, verifyAddress(body, mode)];
      case 'create':
        return [route.status, createShipment(body, mode)];
      case 'retrieve':
        return [route.status, retrieveShipment(id, mode)];
      case 'buy':
        return [route.status, buyShipment(shipmentById(id, mode), body)];
      case 'form':
        return [route.status, addForm(shipmentById(id, mode), body)];
      case 'refund':
        return [route.status, refundShipment(shipmentById(id, mode))];
    }
  }

  function queueFailure(body: Json): unknown {
    const operation = body.operation as Operation;
    if (!OPERATIONS.includes(operation)) {
      throw new ApiError(400, 'BAD_REQUEST', `operation must be one of ${OPERATIONS.join(', ')}.`);
    }
    const status = body.status;
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) {
      throw new ApiError(400, 'BAD_REQUEST', 'status must be an HTTP error status (400-599).');
    }
    const times = body.times ?? 1;
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 1) {
      throw new ApiError(400, 'BAD_REQUEST', 'times must be a positive whole number.');
    }
    const delayMs = body.delayMs ?? 0;
    if (typeof delayMs !== 'number' || !Number.isFinite(delayMs) || delayMs < 0) {
      throw new ApiError(400, 'BAD_REQUEST', 'delayMs must be a non-negative number.');
    }
    failures.push({
      operation,
      status,
      remaining: times,
      code: text(body.code) ?? (status < 500 ? 'PARAMETER.INVALID' : 'INTERNAL_SERVER_ERROR'),
      message: text(body.message) ?? 'Simulated failure',
      delayMs,
    });
    return { failures };
  }

  async function updateTracker(trackingCode: string, body: Json): Promise<unknown> {
    const shipmentId = shipmentByTrackingCode.get(trackingCode);
    const shipment = shipmentId ? shipments.get(shipmentId) : undefined;
    const tracker = shipment?.tracker;
    if (!shipment || !tracker) throw notFound();
    const status = text(body.status);
    if (status === null) throw new ApiError(400, 'BAD_REQUEST', 'status is required.');

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
    const secret = options.webhook?.secret();
    const signature = secret === undefined ? null : signWebhookBody(raw, secret);
    let delivered: { status: number; error?: string } | null = null;
    if (options.webhook && signature !== null) {
      delivered = await deliver(options.webhook.url, raw, signature);
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
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(10_000)]),
      });
      await answer.arrayBuffer();
      return { status: answer.status };
    } catch (error) {
      return { status: 0, error: error instanceof Error ? error.message : String(error) };
    }
  }

  async function handleControl(method: string, segments: string[], raw: Buffer): Promise<[number, unknown]> {
    const [name, arg, ...rest] = segments;
    if (rest.length > 0) throw notFound();
    if (name === 'failures' && !arg && method === 'POST') return [200, queueFailure(parseJson(raw))];
    if (name === 'failures' && !arg && method === 'DELETE') {
      failures = [];
      return [200, { failures }];
    }
    if (name === 'stats' && !arg && method === 'GET') return [200, stats];
    if (name === 'reset' && !arg && method === 'POST') {
      addresses.clear();
      shipments.clear();
      forms.clear();
      shipmentByTrackingCode.clear();
      failures = [];
      stats = emptyStats();
      return [200, { reset: true }];
    }
    if (name === 'trackers' && arg && method === 'POST')
      return [200, await updateTracker(arg, parseJson(raw))];
    throw notFound();
  }

  function handleFile(method: string, segments: string[]): { type: string; body: Buffer } {
    if (method !== 'GET' && method !== 'HEAD') throw notFound();
    const [kind, file, ...rest] = segments;
    if (rest.length > 0 || !file) throw notFound();
    if (kind === 'labels' && file.endsWith('.pdf')) {
      const shipment = shipments.get(file.slice(0, -'.pdf'.length));
      if (!shipment?.postage_label) throw notFound();
      return { type: 'application/pdf', body: labelPdf(shipment) };
    }
    if (kind === 'qr' && file.endsWith('.png')) {
      const entry = forms.get(file.slice(0, -'.png'.length));
      if (!entry) throw notFound();
      return { type: 'image/png', body: qrPng(`TEST NOT FOR SHIPPING ${entry.form.label_broker_id}`) };
    }
    throw notFound();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0];
    let status = 500;
    try {
      const raw = await readBody(req);
      // The client does not encode ids, and a reference may stand in for one: decode each segment.
      const segments = path
        .split('/')
        .filter(Boolean)
        .map((segment) => {
          try {
            return decodeURIComponent(segment);
          } catch {
            throw new ApiError(400, 'BAD_REQUEST', 'The request path is not valid.');
          }
        });
      const [root, ...restSegments] = segments;
      if (root === 'files') {
        const file = handleFile(method, restSegments);
        status = 200;
        res.writeHead(200, {
          'content-type': file.type,
          'content-length': file.body.length,
          'access-control-allow-origin': '*',
          'cache-control': 'no-store',
        });
        res.end(file.body);
        return;
      }
      if (root !== '__control' && root !== 'v2') throw notFound();
      const [code, body] =
        root === '__control'
          ? await handleControl(method, restSegments, raw)
          : await handleApi(req, restSegments, raw);
      status = code;
      sendJson(res, code, body);
    } catch (error) {
      if (closing.signal.aborted) return;
      if (!(error instanceof ApiError)) log(`${method} ${path} failed: ${error}`);
      const apiError =
        error instanceof ApiError
          ? error
          : new ApiError(500, 'INTERNAL_SERVER_ERROR', 'The test server failed to answer.');
      status = apiError.status;
      sendJson(res, apiError.status, {
        error: { code: apiError.code, message: apiError.message, errors: apiError.errors },
      });
    } finally {
      if (!closing.signal.aborted) log(`${method} ${path} ${status}`);
    }
  }

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new LocalStackError(
              `Port ${options.port} is in use (EasyPost test server): stop whatever uses it or set LOCAL_PORT_OFFSET.`,
            )
          : error,
      );
    });
    server.listen({ port: options.port, host }, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://localhost:${port}`;

  let closed: Promise<void> | undefined;
  return {
    origin,
    apiBaseUrl: `${origin}/v2/`,
    close() {
      closed ??= new Promise<void>((resolve, reject) => {
        closing.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        // Clients keep connections alive; without this, close() waits for them to time out.
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

function parseJson(raw: Buffer): Json {
  if (raw.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ApiError(400, 'BAD_REQUEST', 'The request body is not valid JSON.');
  }
  const record = asRecord(value);
  if (!record) throw new ApiError(400, 'BAD_REQUEST', 'The request body must be a JSON object.');
  return record;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new ApiError(400, 'BAD_REQUEST', 'The request body is too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': payload.length,
  });
  res.end(payload);
}

// --- the label: a hand-written one-page 4x6 inch PDF ------------------------------------------------------

/** Helvetica's WinAnsi covers Latin-1's printable range; anything else would print as garbage, so it is '?'. */
function pdfString(value: string): string {
  const plain = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"');
  const latin = [...plain]
    .map((ch) => {
      const code = ch.codePointAt(0) ?? 63;
      return code >= 0x20 && code < 0x7f ? ch : code >= 0xa0 && code <= 0xff ? ch : '?';
    })
    .join('');
  return `(${latin.replace(/[\\()]/g, (ch) => `\\${ch}`)})`;
}

function clip(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1)}.` : value;
}

function addressLines(address: Address): string[] {
  const field = (name: string) => (typeof address[name] === 'string' ? (address[name] as string) : '');
  const cityLine = [field('city'), [field('state'), field('zip')].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const country = field('country');
  return [field('name'), field('company'), field('street1'), field('street2'), cityLine]
    .concat(country && country !== 'US' ? [country] : [])
    .filter(Boolean)
    .slice(0, 5);
}

function labelPdf(shipment: Shipment): Buffer {
  const ops: string[] = [];
  const textAt = (font: 'F1' | 'F2', size: number, x: number, y: number, value: string) =>
    ops.push(`BT /${font} ${size} Tf ${x} ${y} Td ${pdfString(value)} Tj ET`);

  // A pale diagonal TEST under everything, so no part of the label looks real.
  ops.push(`0.88 g BT /F2 110 Tf 0.8 0.6 -0.6 0.8 70 60 Tm ${pdfString('TEST')} Tj ET 0 g`);
  ops.push('2 w 9 9 270 414 re S');
  ops.push('9 351 270 72 re f 1 g');
  textAt('F2', 34, 20, 389, 'TEST LABEL');
  textAt('F2', 20, 20, 362, 'NOT FOR SHIPPING');
  ops.push('0 g');

  textAt('F2', 9, 20, 330, 'FROM:');
  addressLines(shipment.from_address).forEach((line, i) => {
    textAt('F1', 9, 20, 318 - i * 11, clip(line, 46));
  });
  textAt('F2', 11, 20, 258, 'SHIP TO:');
  addressLines(shipment.to_address).forEach((line, i) => {
    textAt('F1', 12, 20, 243 - i * 14, clip(line, 36));
  });
  ops.push('1 w 9 176 m 279 176 l S');

  const rate = shipment.selected_rate;
  textAt('F2', 11, 20, 160, clip(rate ? `${rate.carrier} ${rate.service}` : 'NO SERVICE', 36));
  textAt('F1', 9, 20, 144, 'TRACKING #');
  textAt('F2', 14, 20, 128, shipment.tracking_code ?? '');
  textAt('F1', 9, 20, 110, 'REFERENCE');
  textAt('F2', 12, 20, 96, clip(shipment.reference ?? shipment.id, 34));
  const date =
    typeof shipment.postage_label?.label_date === 'string' ? shipment.postage_label.label_date : '';
  textAt('F1', 9, 20, 80, `Label date ${date.slice(0, 10)}  -  ${shipment.mode} mode, no postage value`);

  ops.push('9 9 270 44 re f 1 g');
  textAt('F2', 12, 20, 34, 'TEST LABEL - NOT FOR SHIPPING');
  textAt('F1', 8, 20, 20, 'Made by the local EasyPost test server');
  ops.push('0 g');

  const content = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfString('TEST LABEL - NOT FOR SHIPPING')} /Producer ${pdfString('local EasyPost test server')} >>`,
  ];

  // Offsets are byte counts, so the file is built as latin1 bytes, one character per byte.
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

// --- the QR code: byte mode, error correction level M, versions 1-10 --------------------------------------

// Per version (index 0 unused), level M: error correction codewords per block, and number of blocks.
const QR_ECC_PER_BLOCK = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26];
const QR_BLOCKS = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5];
const QR_FORMAT_LEVEL_M = 0;

function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

function reedSolomonRemainder(data: number[], degree: number): number[] {
  const divisor = new Array<number>(degree).fill(0);
  divisor[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      divisor[j] = gfMultiply(divisor[j], root);
      if (j + 1 < degree) divisor[j] ^= divisor[j + 1];
    }
    root = gfMultiply(root, 0x02);
  }
  const result = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ (result.shift() ?? 0);
    result.push(0);
    divisor.forEach((coefficient, i) => {
      result[i] ^= gfMultiply(coefficient, factor);
    });
  }
  return result;
}

function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const alignments = Math.floor(version / 7) + 2;
    result -= (25 * alignments - 10) * alignments - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const positions = [6];
  for (let pos = version * 4 + 17 - 7; positions.length < count; pos -= step) positions.splice(1, 0, pos);
  return positions;
}

/** The QR symbol as rows of dark (true) and light modules, without the quiet zone. */
function qrMatrix(content: string): boolean[][] {
  const bytes = [...Buffer.from(content, 'utf8')];
  let version = 1;
  const dataCapacity = (v: number) => Math.floor(rawDataModules(v) / 8) - QR_ECC_PER_BLOCK[v] * QR_BLOCKS[v];
  const countBits = (v: number) => (v < 10 ? 8 : 16);
  while (4 + countBits(version) + bytes.length * 8 > dataCapacity(version) * 8) {
    version += 1;
    if (version >= QR_BLOCKS.length) throw new Error(`QR content too long (${bytes.length} bytes).`);
  }

  const bits: number[] = [];
  const append = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  append(0b0100, 4);
  append(bytes.length, countBits(version));
  for (const byte of bytes) append(byte, 8);
  const capacityBits = dataCapacity(version) * 8;
  append(0, Math.min(4, capacityBits - bits.length));
  append(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacityBits; pad ^= 0xec ^ 0x11) append(pad, 8);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) data.push(Number.parseInt(bits.slice(i, i + 8).join(''), 2));

  // Split into blocks, add error correction, interleave.
  const blockCount = QR_BLOCKS[version];
  const eccLength = QR_ECC_PER_BLOCK[version];
  const rawCodewords = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blockCount - (rawCodewords % blockCount);
  const shortBlockLength = Math.floor(rawCodewords / blockCount);
  const blocks: number[][] = [];
  for (let i = 0, k = 0; i < blockCount; i++) {
    const dataLength = shortBlockLength - eccLength + (i < shortBlocks ? 0 : 1);
    const chunk = data.slice(k, k + dataLength);
    k += dataLength;
    const ecc = reedSolomonRemainder(chunk, eccLength);
    if (i < shortBlocks) chunk.push(0);
    blocks.push(chunk.concat(ecc));
  }
  const codewords: number[] = [];
  for (let i = 0; i < blocks[0].length; i++) {
    blocks.forEach((block, j) => {
      if (i !== shortBlockLength - eccLength || j >= shortBlocks) codewords.push(block[i]);
    });
  }

  const size = version * 4 + 17;
  const modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const setFunction = (x: number, y: number, dark: boolean) => {
    modules[y][x] = dark;
    reserved[y][x] = true;
  };

  for (let i = 0; i < size; i++) {
    setFunction(6, i, i % 2 === 0);
    setFunction(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ]) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        const x = cx + dx;
        const y = cy + dy;
        if (x >= 0 && x < size && y >= 0 && y < size) setFunction(x, y, distance !== 2 && distance !== 4);
      }
    }
  }
  const aligns = alignmentPositions(version);
  aligns.forEach((ay, i) => {
    aligns.forEach((ax, j) => {
      const last = aligns.length - 1;
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++)
          setFunction(ax + dx, ay + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    });
  });
  const drawFormat = (mask: number) => {
    const value = (QR_FORMAT_LEVEL_M << 3) | mask;
    let remainder = value;
    for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
    const format = ((value << 10) | remainder) ^ 0x5412;
    const bit = (i: number) => ((format >>> i) & 1) === 1;
    for (let i = 0; i <= 5; i++) setFunction(8, i, bit(i));
    setFunction(8, 7, bit(6));
    setFunction(8, 8, bit(7));
    setFunction(7, 8, bit(8));
    for (let i = 9; i < 15; i++) setFunction(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) setFunction(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) setFunction(8, size - 15 + i, bit(i));
    setFunction(8, size - 8, true);
  };
  drawFormat(0);
  if (version >= 7) {
    let remainder = version;
    for (let i = 0; i < 12; i++) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
    const info = (version << 12) | remainder;
    for (let i = 0; i < 18; i++) {
      const dark = ((info >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      setFunction(a, b, dark);
      setFunction(b, a, dark);
    }
  }

  // Codewords go in two-module columns, zigzagging up and down from the bottom right, skipping the timing column.
  let bitIndex = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vertical = 0; vertical < size; vertical++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vertical : vertical;
        if (!reserved[y][x] && bitIndex < codewords.length * 8) {
          modules[y][x] = ((codewords[bitIndex >>> 3] >>> (7 - (bitIndex & 7))) & 1) === 1;
          bitIndex += 1;
        }
      }
    }
  }

  const maskTest = [
    (x: number, y: number) => (x + y) % 2 === 0,
    (_x: number, y: number) => y % 2 === 0,
    (x: number) => x % 3 === 0,
    (x: number, y: number) => (x + y) % 3 === 0,
    (x: number, y: number) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
    (x: number, y: number) => ((x * y) % 2) + ((x * y) % 3) === 0,
    (x: number, y: number) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
    (x: number, y: number) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
  ];
  const applyMask = (mask: number) => {
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        if (!reserved[y][x] && maskTest[mask](x, y)) modules[y][x] = !modules[y][x];
      }
    }
  };
  let best = 0;
  let bestPenalty = Number.POSITIVE_INFINITY;
  for (let mask = 0; mask < 8; mask++) {
    applyMask(mask);
    drawFormat(mask);
    const penalty = qrPenalty(modules);
    if (penalty < bestPenalty) {
      best = mask;
      bestPenalty = penalty;
    }
    applyMask(mask); // XOR again undoes it
  }
  applyMask(best);
  drawFormat(best);
  return modules;
}

/** The standard's mask penalty (runs, 2x2 blocks, finder-like patterns, dark balance). */
function qrPenalty(modules: boolean[][]): number {
  const size = modules.length;
  const lines: string[] = [];
  for (let i = 0; i < size; i++) {
    lines.push(modules[i].map((dark) => (dark ? '1' : '0')).join(''));
    lines.push(modules.map((row) => (row[i] ? '1' : '0')).join(''));
  }
  let penalty = 0;
  let dark = 0;
  for (const line of lines) {
    for (const run of line.match(/0{5,}|1{5,}/g) ?? []) penalty += run.length - 2;
    // The light side may be the quiet zone, which is all light.
    const padded = `0000${line}0000`;
    for (const pattern of ['10111010000', '00001011101']) {
      for (let at = padded.indexOf(pattern); at >= 0; at = padded.indexOf(pattern, at + 1)) penalty += 40;
    }
  }
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (modules[y][x]) dark += 1;
      if (x + 1 < size && y + 1 < size) {
        const c = modules[y][x];
        if (c === modules[y][x + 1] && c === modules[y + 1][x] && c === modules[y + 1][x + 1]) penalty += 3;
      }
    }
  }
  const total = size * size;
  penalty += (Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1) * 10;
  return penalty;
}

// --- the PNG: the QR code with TEST - NOT FOR SHIPPING under it ---------------------------------------------

// 5x7 glyphs for the caption, one 5-bit row each.
const GLYPHS: Record<string, number[]> = {
  ' ': [0, 0, 0, 0, 0, 0, 0],
  '-': [0, 0, 0, 0b11111, 0, 0, 0],
  E: [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b11111],
  F: [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b10000],
  G: [0b01110, 0b10001, 0b10000, 0b10111, 0b10001, 0b10001, 0b01111],
  H: [0b10001, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001],
  I: [0b01110, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110],
  N: [0b10001, 0b11001, 0b10101, 0b10011, 0b10001, 0b10001, 0b10001],
  O: [0b01110, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110],
  P: [0b11110, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000, 0b10000],
  R: [0b11110, 0b10001, 0b10001, 0b11110, 0b10100, 0b10010, 0b10001],
  S: [0b01111, 0b10000, 0b10000, 0b01110, 0b00001, 0b00001, 0b11110],
  T: [0b11111, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100],
};
const CAPTION = 'TEST - NOT FOR SHIPPING';

function qrPng(content: string): Buffer {
  const modules = qrMatrix(content);
  const scale = 8;
  const quiet = 4;
  const width = (modules.length + quiet * 2) * scale;
  const glyphScale = Math.max(1, Math.floor((width - 2 * scale) / (CAPTION.length * 6 - 1)));
  const captionHeight = 7 * glyphScale + 2 * scale;
  const height = width + captionHeight;
  const pixels = Buffer.alloc(width * height, 0xff);

  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        const start = ((quiet + y) * scale + dy) * width + (quiet + x) * scale;
        pixels.fill(0, start, start + scale);
      }
    });
  });
  const captionLeft = Math.floor((width - (CAPTION.length * 6 - 1) * glyphScale) / 2);
  [...CAPTION].forEach((ch, i) => {
    GLYPHS[ch].forEach((rowBits, gy) => {
      for (let gx = 0; gx < 5; gx++) {
        if (((rowBits >>> (4 - gx)) & 1) === 0) continue;
        for (let dy = 0; dy < glyphScale; dy++) {
          const y = width + (gy * glyphScale + dy);
          const start = y * width + captionLeft + (i * 6 + gx) * glyphScale;
          pixels.fill(0, start, start + glyphScale);
        }
      }
    });
  });

  // 8-bit greyscale rows, each after filter byte 0 (none).
  const scanlines = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) pixels.copy(scanlines, y * (width + 1) + 1, y * width, (y + 1) * width);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanlines)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}
