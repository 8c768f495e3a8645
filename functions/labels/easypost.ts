import * as z from 'zod/mini';
import { ENV } from '../../shared/runtime-env.js';

/**
 * A small client for the part of EasyPost's REST API v2 this product uses, on Node's own fetch. The official
 * `@easypost/api` package would add ~350 KB (superagent and every resource) to each Lambda that buys, refunds
 * or regenerates labels, well past the bundle budget; these six calls are all the product needs.
 */
const API_BASE_URL = 'https://api.easypost.com/v2/';

/** Per request: a slow EasyPost answer fails the attempt (and the queue retries it) well inside the Lambda timeout. */
const TIMEOUT_MS = 20_000;

/** An HTTP error answer from EasyPost: `{ error: { code, message } }` with its status. */
export class EasyPostError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'EasyPostError';
  }
}

const ZErrorBody = z.object({
  error: z.object({ code: z.optional(z.nullable(z.string())), message: z.optional(z.nullable(z.string())) }),
});

export interface EpAddressInput {
  name: string;
  street1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export interface EasyPost {
  /** By EasyPost id or by the reference it was created with. */
  retrieveShipment(idOrReference: string): Promise<EpShipment>;
  verifyAddress(address: EpAddressInput): Promise<{ id: string }>;
  createShipment(shipment: Record<string, unknown>): Promise<EpShipment>;
  buyShipment(id: string, rateId: string): Promise<EpShipment>;
  generateForm(id: string, formType: 'label_qr_code'): Promise<EpShipment>;
  refundShipment(id: string): Promise<EpShipment>;
}

/** The real API; locally EASYPOST_BASE_URL points it at the EasyPost test server. */
export function easypostClient(apiKey: string): EasyPost {
  const base = process.env[ENV.easypostBaseUrl] || API_BASE_URL;
  const authorization = `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(new URL(path, base), {
      method,
      headers: {
        authorization,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // An HTML error page from a proxy: the status below says enough.
    }
    if (!response.ok) {
      const parsed = ZErrorBody.safeParse(json);
      const error = parsed.success ? parsed.data.error : null;
      throw new EasyPostError(
        response.status,
        error?.code ?? null,
        error?.message || `The shipping service answered ${response.status}`,
      );
    }
    return json;
  }

  const shipmentPath = (id: string, action?: string) =>
    `shipments/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
  const shipment = async (method: 'GET' | 'POST', path: string, body?: unknown) =>
    parseShipment(await call(method, path, body));

  return {
    retrieveShipment: (idOrReference) => shipment('GET', shipmentPath(idOrReference)),
    async verifyAddress(address) {
      const parsed = ZVerifiedAddress.safeParse(
        await call('POST', 'addresses/create_and_verify', { address }),
      );
      if (!parsed.success) throw new Error('The shipping service answered with an unexpected address');
      return parsed.data.address;
    },
    createShipment: (input) => shipment('POST', 'shipments', { shipment: input }),
    buyShipment: (id, rateId) => shipment('POST', shipmentPath(id, 'buy'), { rate: { id: rateId } }),
    generateForm: (id, formType) => shipment('POST', shipmentPath(id, 'forms'), { form: { type: formType } }),
    refundShipment: (id) => shipment('POST', shipmentPath(id, 'refund')),
  };
}

const ZVerifiedAddress = z.object({ address: z.object({ id: z.string() }) });

/** What the provider said went wrong: its status code (none for network errors and timeouts) and message. */
export function providerError(error: unknown): {
  status: number | null;
  code: string | null;
  message: string;
} {
  const e = error as { statusCode?: unknown; code?: unknown; message?: unknown };
  return {
    status: typeof e?.statusCode === 'number' ? e.statusCode : null,
    code: typeof e?.code === 'string' ? e.code : null,
    message: typeof e?.message === 'string' && e.message ? e.message : String(error),
  };
}

/** Worth retrying: no answer at all (network, timeout), the provider's own failures (5xx), or throttling. */
export function isTransient(error: unknown): boolean {
  const { status } = providerError(error);
  return status === null || status >= 500 || status === 429 || status === 408;
}

export const isNotFound = (error: unknown): boolean => providerError(error).status === 404;

const str = z.optional(z.nullable(z.string()));

/** The parts of EasyPost's Shipment this product reads, checked rather than trusted. */
const ZEpShipment = z.object({
  id: z.string(),
  reference: str,
  mode: str,
  tracking_code: str,
  refund_status: str,
  rates: z.optional(
    z.array(z.object({ id: z.string(), carrier: z.string(), service: str, rate: z.string() })),
  ),
  postage_label: z.optional(z.nullable(z.object({ label_url: str, label_pdf_url: str }))),
  tracker: z.optional(z.nullable(z.object({ status: str }))),
  forms: z.optional(
    z.nullable(z.array(z.object({ form_type: str, form_url: str, label_broker_id: str, created_at: str }))),
  ),
});
export type EpShipment = z.infer<typeof ZEpShipment>;

export function parseShipment(raw: unknown): EpShipment {
  const parsed = ZEpShipment.safeParse(raw);
  if (!parsed.success) throw new Error('The shipping service answered with an unexpected shipment');
  return parsed.data;
}

/** The cheapest USPS rate (EasyPost gives money as strings). */
export function lowestUspsRate(shipment: EpShipment): { id: string } | null {
  const usps = (shipment.rates ?? []).filter((r) => r.carrier.toUpperCase() === 'USPS');
  usps.sort((a, b) => Number.parseFloat(a.rate) - Number.parseFloat(b.rate));
  return usps[0] ?? null;
}

/** The newest USPS QR code form on a shipment. */
export function latestQrForm(
  shipment: EpShipment,
): { qrCodeUrl: string; labelBrokerId: string | null } | null {
  const forms = (shipment.forms ?? []).filter((f) => f.form_type === 'label_qr_code' && f.form_url);
  const form = forms[forms.length - 1];
  return form?.form_url ? { qrCodeUrl: form.form_url, labelBrokerId: form.label_broker_id ?? null } : null;
}

export const labelUrlOf = (shipment: EpShipment): string | null =>
  shipment.postage_label?.label_url || shipment.postage_label?.label_pdf_url || null;
