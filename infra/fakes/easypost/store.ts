/** What the EasyPost test server remembers, in memory: EasyPost's objects, the queued failures and the counts. */
import { randomBytes, randomInt } from 'node:crypto';
import type { Json } from './http.js';

export type Mode = 'test' | 'production';

export const OPERATIONS = ['verify', 'create', 'retrieve', 'buy', 'form', 'refund'] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface Address extends Json {
  object: 'Address';
  id: string;
  mode: Mode;
}

// EasyPost's objects as this server makes them: only the fields it reads again are typed.
export type Rate = Json & { id: string; carrier: string; service: string };
export type Tracker = Json & { status: string; tracking_details: Json[]; updated_at: string };
export type Form = Json & { id: string; label_broker_id: string };

export interface Shipment {
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

/**
 * A failure queued through `/__control/failures`: the next `remaining` calls of `operation` answer it; with a
 * `reference`, only calls on that shipment's (so test files that share the server never take each other's).
 */
export interface FailureSwitch {
  operation: Operation;
  reference: string | null;
  status: number;
  remaining: number;
  code: string;
  message: string;
  delayMs: number;
}

export interface Stats {
  /** Labels bought, per shipment reference (or id when it has none). */
  buys: Record<string, number>;
  /** Refunds requested, per shipment id. */
  refunds: Record<string, number>;
  /** API calls received, per operation, failed ones included. */
  calls: Record<Operation, number>;
  /** The same, per shipment reference, for the calls on a shipment (buy, form, refund, retrieve). */
  callsByReference: Record<string, Partial<Record<Operation, number>>>;
}

export const newId = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;
/** EasyPost's timestamps have no milliseconds. */
export const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

function randomDigits(count: number): string {
  let digits = '';
  for (let i = 0; i < count; i++) digits += String(randomInt(10));
  return digits;
}

export function labelBrokerId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let id = 'LB';
  for (let i = 0; i < 12; i++) id += alphabet[randomInt(alphabet.length)];
  return id;
}

const emptyStats = (): Stats => ({
  buys: {},
  refunds: {},
  calls: Object.fromEntries(OPERATIONS.map((op) => [op, 0])) as Record<Operation, number>,
  callsByReference: {},
});

export class EasyPostStore {
  readonly carrierAccounts: Record<string, string> = { USPS: newId('ca_'), UPS: newId('ca_') };
  readonly addresses = new Map<string, Address>();
  readonly shipments = new Map<string, Shipment>();
  readonly forms = new Map<string, { form: Form; shipmentId: string }>();
  readonly shipmentByTrackingCode = new Map<string, string>();
  // Never cleared by a reset: tracking codes stay unique for the server's life, as tests' data outlives resets.
  private readonly issuedTrackingCodes = new Set<string>();
  failures: FailureSwitch[] = [];
  stats: Stats = emptyStats();

  /** A shipment of this key's mode; another mode's shipments do not exist for it, as with EasyPost. */
  shipment(id: string, mode: Mode): Shipment | undefined {
    const shipment = this.shipments.get(id);
    return shipment?.mode === mode ? shipment : undefined;
  }

  /** The newest shipment with this reference. */
  shipmentByReference(reference: string, mode: Mode): Shipment | undefined {
    let latest: Shipment | undefined;
    for (const shipment of this.shipments.values()) {
      if (shipment.mode === mode && shipment.reference === reference) latest = shipment;
    }
    return latest;
  }

  shipmentWithTrackingCode(trackingCode: string): Shipment | undefined {
    const id = this.shipmentByTrackingCode.get(trackingCode);
    return id ? this.shipments.get(id) : undefined;
  }

  newTrackingCode(mode: Mode): string {
    for (;;) {
      const code = mode === 'test' ? `9400100000000${randomDigits(9)}` : `9400111${randomDigits(15)}`;
      if (!this.issuedTrackingCodes.has(code)) {
        this.issuedTrackingCodes.add(code);
        return code;
      }
    }
  }

  /** Counts a call; a call on a shipment with a reference counts for that reference too. */
  count(operation: Operation, reference: string | null): void {
    this.stats.calls[operation] += 1;
    if (reference === null) return;
    const calls = this.stats.callsByReference[reference] ?? {};
    calls[operation] = (calls[operation] ?? 0) + 1;
    this.stats.callsByReference[reference] = calls;
  }

  /** Takes one answer off the failure queued for `operation` (on this reference's shipment), if any. */
  takeFailure(operation: Operation, reference: string | null): FailureSwitch | undefined {
    const failure = this.failures.find(
      (f) => f.operation === operation && (f.reference === null || f.reference === reference),
    );
    if (failure) {
      failure.remaining -= 1;
      if (failure.remaining <= 0) this.failures = this.failures.filter((f) => f !== failure);
    }
    return failure;
  }

  reset(): void {
    this.addresses.clear();
    this.shipments.clear();
    this.forms.clear();
    this.shipmentByTrackingCode.clear();
    this.failures = [];
    this.stats = emptyStats();
  }
}
