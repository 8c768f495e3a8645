import { createHmac } from 'node:crypto';
import { orderShipmentStatusFor, trackingStatusOf } from '../../shared/rules/shipment-status.js';
import { retryDelaySeconds } from '../lib/sqs-worker.js';
import { isTransient, labelUrlOf, latestQrForm, lowestUspsRate, parseShipment } from './easypost.js';
import { referenceFor } from './shipment-repository.js';
import { expectedSignature, isValidSignature } from './tracking-events.js';

describe('EasyPost webhook signatures', () => {
  const secret = 'sécret-with-accents';
  const sign = (body: string, key = secret) =>
    `hmac-sha256-hex=${createHmac('sha256', Buffer.from(key.normalize('NFKD'), 'utf8'))
      .update(body)
      .digest('hex')}`;

  it('accepts the HMAC of the raw body with the NFKD-normalized secret', () => {
    const body = '{"id":"evt_1","description":"tracker.updated"}';
    expect(isValidSignature(body, sign(body), secret)).toBe(true);
  });

  it('refuses a missing header, another secret, a changed body and a truncated digest', () => {
    const body = '{"id":"evt_1"}';
    expect(isValidSignature(body, undefined, secret)).toBe(false);
    expect(isValidSignature(body, sign(body, 'other'), secret)).toBe(false);
    expect(isValidSignature('{"id":"evt_2"}', sign(body), secret)).toBe(false);
    expect(isValidSignature(body, sign(body).slice(0, -2), secret)).toBe(false);
  });

  it('signs integral weights as floats, as EasyPost does', () => {
    expect(expectedSignature('{"weight": 16,"x":1}', secret)).toBe(sign('{"weight": 16.0,"x":1}'));
    expect(expectedSignature('{"weight":16.5}', secret)).toBe(sign('{"weight":16.5}'));
  });
});

describe('EasyPost shipments', () => {
  const shipment = parseShipment({
    id: 'shp_1',
    rates: [
      { id: 'rate_fedex', carrier: 'FedEx', service: 'Ground', rate: '3.00' },
      { id: 'rate_priority', carrier: 'USPS', service: 'Priority', rate: '9.10' },
      { id: 'rate_ground', carrier: 'USPS', service: 'GroundAdvantage', rate: '5.25' },
    ],
    postage_label: { label_url: null, label_pdf_url: 'https://files/label.pdf' },
    forms: [
      { form_type: 'label_qr_code', form_url: 'https://files/qr-1.png', label_broker_id: 'B1' },
      { form_type: 'commercial_invoice', form_url: 'https://files/invoice.pdf' },
      { form_type: 'label_qr_code', form_url: 'https://files/qr-2.png', label_broker_id: 'B2' },
    ],
  });

  it('buys the cheapest USPS rate, ignoring other carriers', () => {
    expect(lowestUspsRate(shipment)?.id).toBe('rate_ground');
    expect(lowestUspsRate(parseShipment({ id: 'shp_2', rates: [] }))).toBeNull();
  });

  it('reads the newest QR form and the PDF label when there is no PNG', () => {
    expect(latestQrForm(shipment)).toEqual({ qrCodeUrl: 'https://files/qr-2.png', labelBrokerId: 'B2' });
    expect(labelUrlOf(shipment)).toBe('https://files/label.pdf');
  });

  it('refuses a shipment without an id instead of trusting it', () => {
    expect(() => parseShipment({ rates: [] })).toThrow('unexpected shipment');
  });

  it('retries only what retrying can fix', () => {
    expect(isTransient(new Error('socket hang up'))).toBe(true);
    expect(isTransient({ statusCode: 503, message: 'down' })).toBe(true);
    expect(isTransient({ statusCode: 429, message: 'slow down' })).toBe(true);
    expect(isTransient({ statusCode: 422, message: 'bad address' })).toBe(false);
    expect(isTransient({ statusCode: 401, message: 'bad key' })).toBe(false);
  });
});

describe('label rules', () => {
  it('uses the order id as the first reference, then numbered ones for regenerated labels', () => {
    expect(referenceFor('A1B2C3', 1)).toBe('A1B2C3');
    expect(referenceFor('A1B2C3', 3)).toBe('A1B2C3-3');
  });

  it('maps carrier statuses to the order shipment status', () => {
    expect(trackingStatusOf('in_transit')).toBe('in_transit');
    expect(trackingStatusOf('teleported')).toBe('unknown');
    expect(trackingStatusOf(null)).toBe('unknown');
    expect(orderShipmentStatusFor('out_for_delivery')).toBe('shipped');
    expect(orderShipmentStatusFor('delivered')).toBe('delivered');
    expect(orderShipmentStatusFor('return_to_sender')).toBe('returned');
    expect(orderShipmentStatusFor('error')).toBeNull();
  });

  it('backs off exponentially, capped at 15 minutes', () => {
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(n, 15))).toEqual([15, 30, 60, 120]);
    expect(retryDelaySeconds(20, 15)).toBe(900);
  });
});
