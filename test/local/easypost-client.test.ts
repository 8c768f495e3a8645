import {
  easypostClient,
  isTransient,
  labelUrlOf,
  latestQrForm,
  lowestUspsRate,
} from '../../functions/labels/easypost.js';
import { type EasyPostTestServer, startEasyPostServer } from '../../infra/fakes/easypost/index.js';
import * as ENV from '../../shared/env-vars.js';

// The Lambdas' EasyPost adapter (the official client) against the local EasyPost test server.
const ADDRESS = {
  name: 'Pat Seller',
  street1: '1 Main St',
  city: 'Boston',
  state: 'MA',
  zip: '02110',
  country: 'US',
};
const WAREHOUSE = {
  street1: '1200 Commerce Way',
  city: 'Columbus',
  state: 'OH',
  zip: '43215',
  country: 'US',
};
const PARCEL = { length: 12, width: 9, height: 4, weight: 32 };

let server: EasyPostTestServer;
const previousBaseUrl = process.env[ENV.easypostBaseUrl];

beforeAll(async () => {
  server = await startEasyPostServer({ port: 0, log: () => {} });
  process.env[ENV.easypostBaseUrl] = server.apiBaseUrl;
});

afterAll(async () => {
  await server?.close();
  if (previousBaseUrl === undefined) delete process.env[ENV.easypostBaseUrl];
  else process.env[ENV.easypostBaseUrl] = previousBaseUrl;
});

const failNext = (operation: string, status: number, extra: object = {}) =>
  fetch(`${server.origin}/__control/failures`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ operation, status, ...extra }),
  });

describe('the EasyPost client', () => {
  const client = () => easypostClient('EZTK_local_test');

  it('verifies, creates, buys, makes a QR form, finds by reference and refunds', async () => {
    const from = await client().verifyAddress(ADDRESS);
    expect(from.id).toMatch(/^adr_/);
    const created = await client().createShipment({
      reference: 'CLIENT1',
      from_address: { id: from.id },
      to_address: WAREHOUSE,
      parcel: PARCEL,
    });
    const rate = lowestUspsRate(created);
    expect(rate).not.toBeNull();
    const bought = await client().buyShipment(created.id, rate!.id);
    expect(labelUrlOf(bought)).toMatch(/\/files\/labels\//);
    expect(bought.mode).toBe('test');

    const withForm = await client().generateForm(bought.id, 'label_qr_code');
    expect(latestQrForm(withForm)?.qrCodeUrl).toMatch(/\/files\/qr\//);
    expect((await client().retrieveShipment('CLIENT1')).id).toBe(bought.id);
    expect((await client().refundShipment(bought.id)).refund_status).toBe('submitted');
  });

  it("surfaces EasyPost's error answers with their status and code", async () => {
    await expect(client().verifyAddress({ ...ADDRESS, street1: '9 Undeliverable Rd' })).rejects.toMatchObject(
      {
        statusCode: 422,
        code: 'ADDRESS.VERIFY.FAILURE',
        message: 'Unable to verify address.',
      },
    );
    const missing = await client()
      .retrieveShipment('NO-SUCH-REFERENCE')
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 404 });
    expect(isTransient(missing)).toBe(false);
  });

  it('reports provider outages as transient, and a refused key as a 401', async () => {
    await failNext('retrieve', 503);
    const outage = await client()
      .retrieveShipment('ANY')
      .catch((e: unknown) => e);
    expect(outage).toMatchObject({ statusCode: 503 });
    expect(isTransient(outage)).toBe(true);
    await expect(easypostClient('not-a-key').retrieveShipment('ANY')).rejects.toMatchObject({
      statusCode: 401,
    });
  });

  it('reports an unreachable service as transient', async () => {
    process.env[ENV.easypostBaseUrl] = 'http://127.0.0.1:9/v2/';
    try {
      const error = await client()
        .retrieveShipment('ANY')
        .catch((e: unknown) => e);
      expect(error).not.toHaveProperty('statusCode', expect.any(Number));
      expect(isTransient(error)).toBe(true);
    } finally {
      process.env[ENV.easypostBaseUrl] = server.apiBaseUrl;
    }
  });
});
