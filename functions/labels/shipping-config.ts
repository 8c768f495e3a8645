import { labelMessages } from '../../shared/messages.js';
import { DEFAULT_PARCEL, ZShippingSettings } from '../../shared/schemas/shipment.js';
import { getProviderSecrets, type ProviderSecrets } from '../lib/secrets.js';
import { getStoredSettings } from '../lib/settings/settings-repository.js';
import { PermanentJobError } from '../lib/sqs-worker.js';

/** A label that cannot be made until someone changes something: recorded at once, never retried. */
export class LabelFailure extends PermanentJobError {
  constructor(
    message: string,
    /** Staff can fix it in the shipping settings (key, carrier account, warehouse). */
    readonly configureSettings = false,
  ) {
    super(message);
    this.name = 'LabelFailure';
  }
}

export interface ShippingConfig {
  isTestMode: boolean;
  apiKey: string;
  carrierAccount: string;
  warehouse: {
    company: string;
    street1: string;
    city: string;
    state: string;
    zip: string;
    phone: string | null;
    country: 'US';
  };
  parcel: { length: number; width: number; height: number; weight: number };
}

const text = (value: string | null | undefined): string => value?.trim() ?? '';

/** Test labels use the test key, real ones the production key, whatever the mode is now. */
export const apiKeyFor = (secrets: ProviderSecrets, isTestMode: boolean): string | undefined =>
  isTestMode ? secrets.easypostTestKey : secrets.easypostProdKey;

/** The key for an existing label's mode (a test label is refunded or re-coded with the test key). */
export async function apiKeyForLabel(isTestMode: boolean): Promise<string> {
  const key = apiKeyFor(await getProviderSecrets(), isTestMode);
  if (!key) throw new LabelFailure(labelMessages.keyMissing, true);
  return key;
}

/** The shipping settings and the key for their mode, or the spec's message for what is missing. */
export async function loadShippingConfig(): Promise<ShippingConfig> {
  let stored: Record<string, unknown> | null;
  try {
    stored = await getStoredSettings();
  } catch {
    throw new Error(labelMessages.settingsLoadFailed);
  }
  const parsed = ZShippingSettings.safeParse(stored ?? {});
  if (!stored || !parsed.success) throw new LabelFailure(labelMessages.settingsMissing);
  const s = parsed.data;
  const warehouse = {
    company: text(s.warehouse_company),
    street1: text(s.warehouse_street),
    city: text(s.warehouse_city),
    state: text(s.warehouse_state),
    zip: text(s.warehouse_zip),
  };
  // The record's own shipping fields say whether shipping was set up at all; the credentials live apart.
  const configured = [...Object.values(warehouse), text(s.carrier_id)].some(Boolean);
  if (!configured) throw new LabelFailure(labelMessages.settingsMissing);
  if (!warehouse.street1 || !warehouse.city || !warehouse.state || !warehouse.zip) {
    throw new LabelFailure(labelMessages.warehouseMissing, true);
  }
  const secrets = await getProviderSecrets();
  // The back office saves the carrier account into the secret; older records kept it in the table.
  const carrierAccount = text(secrets.easypostCarrierAccount) || text(s.carrier_id);
  if (!carrierAccount) throw new LabelFailure(labelMessages.carrierAccountMissing, true);
  const isTestMode = !(s.easypost_use_production === true || s.easypost_use_production === 'true');
  const apiKey = apiKeyFor(secrets, isTestMode);
  if (!apiKey) throw new LabelFailure(labelMessages.keyMissing, true);
  return {
    isTestMode,
    apiKey,
    carrierAccount,
    warehouse: { ...warehouse, phone: text(s.warehouse_phone) || null, country: 'US' },
    parcel: s.shipping_parcel ?? DEFAULT_PARCEL,
  };
}
