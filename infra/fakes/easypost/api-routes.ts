/**
 * The part of EasyPost's API v2 the label worker uses, under `/v2/`: address verification, shipments, buying,
 * USPS QR forms and refunds, answered as EasyPost answers the official client; and the label and QR files that
 * its answers link to, under `/files/`.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Context, Hono } from 'hono';
import {
  ApiError,
  asRecord,
  type Json,
  json,
  notFound,
  numberOrNull,
  parseJson,
  required,
  text,
} from './http.js';
import {
  type Address,
  type EasyPostStore,
  type Form,
  labelBrokerId,
  type Mode,
  newId,
  now,
  type Operation,
  type Shipment,
} from './store.js';

export interface ApiContext {
  store: EasyPostStore;
  /** `http://localhost:<port>`, known once the server listens: the files' URLs start with it. */
  origin(): string;
  /** Aborted when the server closes, so a delayed failure never holds the process open. */
  closing: AbortSignal;
}

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

/** The label and QR renderers, loaded with the first file asked for: pdf-lib takes a second or so to load. */
const documents = () => import('./documents.js');

function modeOfKey(c: Context): Mode {
  const header = c.req.header('authorization') ?? '';
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

export function apiRoutes({ store, origin, closing }: ApiContext) {
  function addressFrom(input: unknown, mode: Mode, field: string): Address {
    const given = asRecord(input);
    if (!given) throw required(field);
    const known = typeof given.id === 'string' ? store.addresses.get(given.id) : undefined;
    if (known && known.mode === mode && Object.keys(given).length === 1) return known;
    const time = now();
    const address: Address = { object: 'Address', id: newId('adr_'), mode };
    for (const name of ADDRESS_FIELDS) address[name] = text(given[name]) ?? (known?.[name] as string) ?? null;
    address.country ??= 'US';
    Object.assign(address, { residential: null, created_at: time, updated_at: time });
    store.addresses.set(address.id, address);
    return address;
  }

  function shipmentById(id: string, mode: Mode): Shipment {
    const shipment = store.shipment(id, mode);
    if (!shipment) throw notFound();
    return shipment;
  }

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
        carrier_account_id: chosenAccount ?? store.carrierAccounts[row.carrier],
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
    store.shipments.set(id, shipment);
    return shipment;
  }

  /** By id; otherwise, as EasyPost allows, the newest shipment with that reference. */
  function retrieveShipment(idOrReference: string, mode: Mode): Shipment {
    const shipment = store.shipment(idOrReference, mode) ?? store.shipmentByReference(idOrReference, mode);
    if (!shipment) throw notFound();
    return shipment;
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
    const trackingCode = store.newTrackingCode(shipment.mode);
    const labelUrl = `${origin()}/files/labels/${shipment.id}.pdf`;
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
    store.shipmentByTrackingCode.set(trackingCode, shipment.id);
    const key = shipment.reference ?? shipment.id;
    store.stats.buys[key] = (store.stats.buys[key] ?? 0) + 1;
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
      form_url: `${origin()}/files/qr/${id}.png`,
      label_broker_id: labelBrokerId(),
      submitted_electronically: null,
      created_at: time,
      updated_at: time,
    };
    store.forms.set(id, { form, shipmentId: shipment.id });
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
    store.stats.refunds[shipment.id] = (store.stats.refunds[shipment.id] ?? 0) + 1;
    return shipment;
  }

  /**
   * One operation of `/v2/`: counted, then answered with the failure a test queued for it, if any, else `run`'s
   * answer with `status`.
   */
  const operation =
    (name: Operation, status: number, run: (body: Json, mode: Mode, id: string) => unknown) =>
    async (c: Context) => {
      const mode = modeOfKey(c);
      const id = c.req.param('id');
      const reference = (id && store.shipment(id, mode)?.reference) || null;
      store.count(name, reference);
      const body = parseJson(await c.req.text());
      const failure = store.takeFailure(name, reference);
      if (failure) {
        if (failure.delayMs > 0) await sleep(failure.delayMs, undefined, { signal: closing });
        throw new ApiError(failure.status, failure.code, failure.message);
      }
      return json(c, status, run(body, mode, c.req.param('id') ?? ''));
    };

  const api = new Hono()
    .post('/addresses/create_and_verify', operation('verify', 200, verifyAddress))
    .post('/shipments', operation('create', 201, createShipment))
    .get(
      '/shipments/:id',
      operation('retrieve', 200, (_body, mode, id) => retrieveShipment(id, mode)),
    )
    .post(
      '/shipments/:id/buy',
      operation('buy', 200, (body, mode, id) => buyShipment(shipmentById(id, mode), body)),
    )
    .post(
      '/shipments/:id/forms',
      operation('form', 200, (body, mode, id) => addForm(shipmentById(id, mode), body)),
    )
    .post(
      '/shipments/:id/refund',
      operation('refund', 200, (_body, mode, id) => refundShipment(shipmentById(id, mode))),
    );

  /** `/files/labels/{shipment}.pdf` and `/files/qr/{form}.png`: the documents the API's answers link to. */
  const file = (c: Context, type: string, body: Buffer) =>
    c.body(new Uint8Array(body), 200, {
      'content-type': type,
      'content-length': String(body.length),
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
    });
  const files = new Hono()
    .get('/labels/:shipment{.+\\.pdf}', async (c) => {
      const shipment = store.shipments.get(c.req.param('shipment').slice(0, -'.pdf'.length));
      if (!shipment?.postage_label) throw notFound();
      const { labelPdf } = await documents();
      return file(c, 'application/pdf', await labelPdf(shipment));
    })
    .get('/qr/:form{.+\\.png}', async (c) => {
      const entry = store.forms.get(c.req.param('form').slice(0, -'.png'.length));
      if (!entry) throw notFound();
      const { qrCodeText, qrPng } = await documents();
      return file(c, 'image/png', qrPng(qrCodeText(entry.form.label_broker_id)));
    });

  return { api, files };
}
