import EasyPostClient from '@easypost/api';
import * as z from 'zod/mini';
import * as ENV from '../../shared/env-vars.js';

/** Per request: a slow EasyPost answer fails the attempt (and the queue retries it) well inside the Lambda timeout. */
const RESPONSE_TIMEOUT_MS = 15_000;
const DEADLINE_MS = 25_000;

export interface EpAddressInput {
  name: string;
  street1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** The six EasyPost calls this product makes; every shipment that comes back is checked, not trusted. */
export interface EasyPost {
  /** By EasyPost id or by the reference it was created with. */
  retrieveShipment(idOrReference: string): Promise<EpShipment>;
  verifyAddress(address: EpAddressInput): Promise<{ id: string }>;
  createShipment(shipment: Record<string, unknown>): Promise<EpShipment>;
  buyShipment(id: string, rateId: string): Promise<EpShipment>;
  generateForm(id: string, formType: 'label_qr_code'): Promise<EpShipment>;
  refundShipment(id: string): Promise<EpShipment>;
}

type CreateShipmentParams = Parameters<InstanceType<typeof EasyPostClient>['Shipment']['create']>[0];

/** EasyPost's official client; locally EASYPOST_BASE_URL points it at the EasyPost test server. */
export function easypostClient(apiKey: string): EasyPost {
  const client = new EasyPostClient(apiKey, {
    baseUrl: process.env[ENV.easypostBaseUrl] || undefined,
    requestMiddleware: (request: { timeout: (t: object) => unknown }) =>
      request.timeout({ response: RESPONSE_TIMEOUT_MS, deadline: DEADLINE_MS }),
  });
  const shipment = async (answer: Promise<unknown>) => parseShipment(await answer);
  return {
    retrieveShipment: (idOrReference) => shipment(client.Shipment.retrieve(idOrReference)),
    async verifyAddress(address) {
      const parsed = ZVerifiedAddress.safeParse(plain(await client.Address.createAndVerify(address)));
      if (!parsed.success) throw new Error('The shipping service answered with an unexpected address');
      return parsed.data;
    },
    createShipment: (input) => shipment(client.Shipment.create(input as CreateShipmentParams)),
    buyShipment: (id, rateId) => shipment(client.Shipment.buy(id, rateId)),
    generateForm: (id, formType) => shipment(client.Shipment.generateForm(id, formType)),
    refundShipment: (id) => shipment(client.Shipment.refund(id)),
  };
}

/** The client answers with class instances; their JSON is what EasyPost sent. */
const plain = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));

const ZVerifiedAddress = z.object({ id: z.string() });

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
  const parsed = ZEpShipment.safeParse(plain(raw));
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
