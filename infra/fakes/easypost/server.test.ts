import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import EasyPostClient from '@easypost/api';
import jsQR from 'jsqr';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { PNG } from 'pngjs';
import { type EasyPostTestServer, startEasyPostServer } from './index.js';
import type { Stats } from './store.js';

// The test server is driven through EasyPost's official client, the one the Lambdas use: what it answers is
// what the real API answers that client.

// A non-ASCII secret, so the NFKD normalization on both sides is exercised too.
const WEBHOOK_SECRET = 'whsec-tést-ｓｅｃｒｅｔ';

const FROM = {
  name: 'Strip Buyback Receiving',
  company: 'Strip Buyback',
  street1: '417 Montgomery St',
  street2: 'Floor 5',
  city: 'San Francisco',
  state: 'CA',
  zip: '94104',
  country: 'US',
  phone: '4155550100',
  email: 'receiving@example.com',
};
const TO = {
  name: 'Pat Seller',
  street1: '1 Main St',
  city: 'Boston',
  state: 'MA',
  zip: '02110',
  country: 'US',
};
const PARCEL = { length: 12, width: 9, height: 4, weight: 32 };

let server: EasyPostTestServer;
let client: InstanceType<typeof EasyPostClient>;
let receiver: Server;
const received: Array<{ body: string; headers: IncomingHttpHeaders }> = [];

interface TrackerAnswer {
  event: { result: { tracking_details: unknown[] } };
  body: string;
  signature: string;
  delivered: { status: number } | null;
}

async function control<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const response = await fetch(`${server.origin}/__control/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as T };
}

function newShipment(reference: string) {
  return client.Shipment.create({ reference, from_address: FROM, to_address: TO, parcel: PARCEL });
}

async function boughtShipment(reference: string) {
  const shipment = await newShipment(reference);
  return client.Shipment.buy(shipment.id, shipment.lowestRate(['USPS']));
}

/** What a QR code image says, read the way a phone's camera would: from its pixels. */
function decodeQr(file: Buffer): string | undefined {
  const image = PNG.sync.read(file);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/** A PDF as pdf-lib reads it, with the text its one page shows, one string per text-showing operator. */
async function readPdf(file: Buffer) {
  const doc = await PDFDocument.load(file);
  const page = doc.getPage(0);
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  const operators = streams
    .map((stream) => {
      if (!(stream instanceof PDFRawStream)) throw new Error('The page content is not a stream.');
      return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    })
    .join('\n');
  // A string is shown as <hex> or as (literal, with \\ \( \) escaped); the fonts' encoding is WinAnsi.
  const texts = [...operators.matchAll(/(?:<([0-9A-Fa-f]*)>|\(((?:\\.|[^\\)])*)\))\s*Tj/g)].map(
    ([, hex, literal]) =>
      hex === undefined ? literal.replace(/\\(.)/g, '$1') : Buffer.from(hex, 'hex').toString('latin1'),
  );
  return { doc, size: page.getSize(), texts };
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  server = await startEasyPostServer({
    port: 0,
    webhook: { url: `http://127.0.0.1:${port}/api/webhooks/easypost`, secret: () => WEBHOOK_SECRET },
  });
  client = new EasyPostClient('EZTK_test_key', { baseUrl: server.apiBaseUrl });
});

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

beforeEach(async () => {
  await control('POST', 'reset');
  received.length = 0;
});

describe('the local EasyPost test server', () => {
  it('serves its API under origin/v2/ on localhost', () => {
    expect(server.origin).toMatch(/^http:\/\/localhost:\d+$/);
    expect(server.apiBaseUrl).toBe(`${server.origin}/v2/`);
  });

  it('verifies an address, and refuses an undeliverable one as EasyPost does', async () => {
    const address = await client.Address.createAndVerify({ ...FROM });
    expect(address).toMatchObject({
      object: 'Address',
      mode: 'test',
      street1: '417 Montgomery St',
      zip: '94104',
    });
    expect(address.id).toMatch(/^adr_[0-9a-f]{32}$/);
    expect(address.verifications.delivery).toMatchObject({ success: true, errors: [] });
    expect(typeof address.verifications.delivery.details.latitude).toBe('number');

    await expect(
      client.Address.createAndVerify({ ...FROM, street1: '1 Undeliverable Way' }),
    ).rejects.toMatchObject({ statusCode: 422, code: 'ADDRESS.VERIFY.FAILURE' });
    await expect(client.Address.createAndVerify({ ...FROM, zip: '00000' })).rejects.toMatchObject({
      statusCode: 422,
      code: 'ADDRESS.VERIFY.FAILURE',
    });
    await expect(client.Address.createAndVerify({ ...FROM, city: '' })).rejects.toMatchObject({
      statusCode: 422,
      code: 'PARAMETER.REQUIRED',
    });
  });

  it('creates a shipment with rates, and finds it by id and by reference', async () => {
    const shipment = await newShipment('C1TEST1');
    expect(shipment.id).toMatch(/^shp_[0-9a-f]{32}$/);
    expect(shipment).toMatchObject({
      object: 'Shipment',
      reference: 'C1TEST1',
      mode: 'test',
      status: 'unknown',
      postage_label: null,
      selected_rate: null,
      tracking_code: null,
      forms: [],
      refund_status: null,
      parcel: { object: 'Parcel', weight: 32 },
      to_address: { object: 'Address', city: 'Boston' },
    });
    expect(
      shipment.rates.map((r: { carrier: string; service: string; rate: string }) => [
        r.carrier,
        r.service,
        r.rate,
      ]),
    ).toEqual([
      ['USPS', 'GroundAdvantage', '6.95'],
      ['USPS', 'Priority', '9.45'],
      ['USPS', 'Express', '31.20'],
      ['UPS', 'Ground', '11.80'],
    ]);
    expect(shipment.rates[0]).toMatchObject({ object: 'Rate', currency: 'USD', shipment_id: shipment.id });

    expect((await client.Shipment.retrieve(shipment.id)).id).toBe(shipment.id);
    const newer = await newShipment('C1TEST1');
    expect((await client.Shipment.retrieve('C1TEST1')).id).toBe(newer.id);
    await expect(client.Shipment.retrieve('shp_0123456789abcdef0123456789abcdef')).rejects.toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
    });
    await expect(
      client.Shipment.create({ reference: 'C1TEST1', from_address: FROM, to_address: TO, parcel: {} }),
    ).rejects.toMatchObject({ statusCode: 422, code: 'PARAMETER.REQUIRED' });
  });

  it('buys the lowest USPS rate once, and counts the buy for the reference', async () => {
    const shipment = await newShipment('C1TEST2');
    const rate = shipment.lowestRate(['USPS']);
    expect(rate.service).toBe('GroundAdvantage');

    const bought = await client.Shipment.buy(shipment.id, rate);
    expect(bought.selected_rate.id).toBe(rate.id);
    expect(bought.tracking_code).toMatch(/^9400100000000\d{9}$/);
    expect(bought.postage_label).toMatchObject({
      object: 'PostageLabel',
      label_url: `${server.origin}/files/labels/${shipment.id}.pdf`,
      label_pdf_url: `${server.origin}/files/labels/${shipment.id}.pdf`,
      label_file_type: 'application/pdf',
      label_size: '4x6',
    });
    expect(bought.tracker).toMatchObject({
      object: 'Tracker',
      tracking_code: bought.tracking_code,
      status: 'pre_transit',
      shipment_id: shipment.id,
      carrier: 'USPS',
    });

    await expect(client.Shipment.buy(shipment.id, rate)).rejects.toMatchObject({
      statusCode: 422,
      code: 'SHIPMENT.POSTAGE.EXISTS',
    });
    const stats = await control<Stats>('GET', 'stats');
    expect(stats.json.buys).toEqual({ C1TEST2: 1 });
    expect(stats.json.calls).toMatchObject({ create: 1, buy: 2 });
  });

  it('makes a new USPS QR form on every call, and serves the QR code and the label as files', async () => {
    const shipment = await newShipment('C1TEST3');
    await expect(client.Shipment.generateForm(shipment.id, 'label_qr_code')).rejects.toMatchObject({
      statusCode: 422,
      code: 'SHIPMENT.FORM.INVALID',
    });
    const bought = await client.Shipment.buy(shipment.id, shipment.lowestRate(['USPS']));

    const withForm = await client.Shipment.generateForm(shipment.id, 'label_qr_code');
    const [form] = withForm.forms as unknown as Array<{ form_url: string; label_broker_id: string }>;
    expect(form).toMatchObject({ object: 'Form', form_type: 'label_qr_code' });
    expect(form.form_url).toMatch(new RegExp(`^${server.origin}/files/qr/form_[0-9a-f]{32}\\.png$`));
    expect(form.label_broker_id).toMatch(/^LB[A-Z0-9]{12}$/);

    const again = await client.Shipment.generateForm(shipment.id, 'label_qr_code');
    expect(again.forms).toHaveLength(2);
    expect(again.forms[1].form_url).not.toBe(form.form_url);

    const png = await fetch(form.form_url);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('access-control-allow-origin')).toBe('*');
    expect([...Buffer.from(await png.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    const pdf = await fetch(bought.postage_label.label_url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const pdfBytes = Buffer.from(await pdf.arrayBuffer());
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Plain text in the file itself, for a look with grep (the integration test checks it so).
    expect(pdfBytes.toString('latin1')).toContain('(TEST LABEL - NOT FOR SHIPPING)');

    expect((await fetch(`${server.origin}/files/qr/form_unknown.png`)).status).toBe(404);
  });

  it("serves a QR code that decodes to the form's label broker id, marked as a test", async () => {
    const bought = await boughtShipment('C1TEST7');
    const withForm = await client.Shipment.generateForm(bought.id, 'label_qr_code');
    const [form] = withForm.forms as unknown as Array<{ form_url: string; label_broker_id: string }>;
    const png = Buffer.from(await (await fetch(form.form_url)).arrayBuffer());

    expect(decodeQr(png)).toBe(`TEST NOT FOR SHIPPING ${form.label_broker_id}`);
    const image = PNG.sync.read(png);
    // The caption under the square code: TEST - NOT FOR SHIPPING, in dark pixels below the quiet zone.
    expect(image.height).toBeGreaterThan(image.width);
    const captionDark = image.data
      .subarray(image.width * image.width * 4)
      .filter((v, i) => i % 4 === 0 && v === 0);
    expect(captionDark.length).toBeGreaterThan(0);
  });

  it('serves a 4x6 inch one-page PDF label that shows the tracking number, the service and both addresses', async () => {
    const bought = await boughtShipment('C1TEST8');
    const pdf = Buffer.from(await (await fetch(bought.postage_label.label_url)).arrayBuffer());
    const { doc, size, texts } = await readPdf(pdf);

    expect(doc.getPageCount()).toBe(1);
    expect(size).toEqual({ width: 4 * 72, height: 6 * 72 });
    expect(doc.getTitle()).toBe('TEST LABEL - NOT FOR SHIPPING');
    expect(texts).toEqual(
      expect.arrayContaining([
        'TEST LABEL',
        'NOT FOR SHIPPING',
        'TEST LABEL - NOT FOR SHIPPING',
        bought.tracking_code,
        'C1TEST8',
        'USPS GroundAdvantage',
        // FROM
        'Strip Buyback Receiving',
        'Strip Buyback',
        '417 Montgomery St',
        'Floor 5',
        'San Francisco, CA 94104',
        // SHIP TO
        'Pat Seller',
        '1 Main St',
        'Boston, MA 02110',
      ]),
    );
  });

  it('prints what the label font cannot show as the nearest it can, or ?, instead of failing', async () => {
    const shipment = await client.Shipment.create({
      reference: 'C1TEST9',
      from_address: FROM,
      to_address: { ...TO, name: 'José Ｐａｔ 山田', street1: '1 Main St – Apt 2' },
      parcel: PARCEL,
    });
    const bought = await client.Shipment.buy(shipment.id, shipment.lowestRate(['USPS']));
    const label = await fetch(bought.postage_label.label_url);
    expect(label.status).toBe(200);
    const { texts } = await readPdf(Buffer.from(await label.arrayBuffer()));
    expect(texts).toEqual(expect.arrayContaining(['José Pat ??', '1 Main St \x96 Apt 2']));
  });

  it('refunds a label once', async () => {
    const bought = await boughtShipment('C1TEST4');
    expect((await client.Shipment.refund(bought.id)).refund_status).toBe('submitted');
    await expect(client.Shipment.refund(bought.id)).rejects.toMatchObject({
      statusCode: 422,
      code: 'SHIPMENT.REFUND.INVALID',
    });
    expect((await control<Stats>('GET', 'stats')).json.refunds).toEqual({ [bought.id]: 1 });
  });

  it('answers queued failures without doing the operation, then works again', async () => {
    const shipment = await newShipment('C1TEST5');
    const queued = await control('POST', 'failures', { operation: 'buy', status: 500, times: 2 });
    expect(queued.status).toBe(200);

    const rate = shipment.lowestRate(['USPS']);
    for (let i = 0; i < 2; i++) {
      await expect(client.Shipment.buy(shipment.id, rate)).rejects.toMatchObject({
        statusCode: 500,
        code: 'INTERNAL_SERVER_ERROR',
        message: 'Simulated failure',
      });
    }
    expect((await client.Shipment.buy(shipment.id, rate)).tracking_code).toBeTruthy();
    const stats = await control<Stats>('GET', 'stats');
    expect(stats.json.calls.buy).toBe(3);
    expect(stats.json.buys).toEqual({ C1TEST5: 1 });
  });

  it('answers a failure queued for one reference only on that shipment, and counts calls per reference', async () => {
    const mine = await newShipment('C1TEST6');
    const other = await newShipment('C1TEST7');
    const queued = await control('POST', 'failures', {
      operation: 'buy',
      reference: 'C1TEST6',
      status: 500,
      times: 1,
    });
    expect(queued.status).toBe(200);

    expect((await client.Shipment.buy(other.id, other.lowestRate(['USPS']))).tracking_code).toBeTruthy();
    await expect(client.Shipment.buy(mine.id, mine.lowestRate(['USPS']))).rejects.toMatchObject({
      statusCode: 500,
    });
    expect((await client.Shipment.buy(mine.id, mine.lowestRate(['USPS']))).tracking_code).toBeTruthy();
    const stats = await control<Stats>('GET', 'stats');
    expect(stats.json.callsByReference).toMatchObject({ C1TEST6: { buy: 2 }, C1TEST7: { buy: 1 } });
    expect((await control('POST', 'failures', { operation: 'buy', status: 500, reference: 7 })).status).toBe(
      400,
    );
  });

  it('refuses a missing or unknown API key', async () => {
    const bogus = new EasyPostClient('bogus', { baseUrl: server.apiBaseUrl });
    await expect(bogus.Address.createAndVerify({ ...FROM })).rejects.toMatchObject({
      statusCode: 401,
      code: 'APIKEY.INACTIVE',
    });
    const anonymous = await fetch(`${server.apiBaseUrl}shipments/shp_x`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      error: { code: 'APIKEY.REQUIRED', message: 'No API key provided.', errors: [] },
    });
  });

  it('sends a signed tracker.updated event that the client library accepts', async () => {
    const bought = await boughtShipment('C1TEST6');
    const answer = await control<TrackerAnswer>('POST', `trackers/${bought.tracking_code}`, {
      status: 'in_transit',
      message: 'Arrived at USPS Regional Facility',
      city: 'Boston',
      state: 'MA',
    });
    expect(answer.status).toBe(200);
    const { event, body, signature, delivered } = answer.json;
    expect(delivered).toEqual({ status: 200 });
    expect(event).toMatchObject({
      object: 'Event',
      description: 'tracker.updated',
      mode: 'test',
      previous_attributes: { status: 'pre_transit' },
      result: { object: 'Tracker', status: 'in_transit', shipment_id: bought.id },
    });
    expect(event.result.tracking_details[0]).toMatchObject({
      object: 'TrackingDetail',
      status: 'in_transit',
      tracking_location: { object: 'TrackingLocation', city: 'Boston', state: 'MA', country: 'US' },
    });

    const verified = client.Utils.validateWebhook(
      Buffer.from(body),
      { 'X-Hmac-Signature': signature },
      WEBHOOK_SECRET,
    );
    expect(verified).toEqual(event);
    expect(() =>
      client.Utils.validateWebhook(Buffer.from(body), { 'X-Hmac-Signature': signature }, 'another secret'),
    ).toThrow();

    expect(received).toHaveLength(1);
    expect(received[0].body).toBe(body);
    expect(received[0].headers['x-hmac-signature']).toBe(signature);
    expect(received[0].headers['content-type']).toBe('application/json');
    expect((await client.Shipment.retrieve(bought.id)).tracker.status).toBe('in_transit');

    expect((await control('POST', 'trackers/9400100000000000000000', { status: 'delivered' })).status).toBe(
      404,
    );
  });
});
