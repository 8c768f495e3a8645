/**
 * The settings' fixed lists and defaults, apart from their schemas (schemas/settings.ts, admin-settings.ts): a
 * function that only reads the stored record (checkout, tickets) then builds none of those schemas when it starts.
 */
import { DEFAULT_COUNTRY } from '../constants.js';
import type { SettingsValues } from '../schemas/admin-settings.js';
import type { PaymentMethods, PublicSettings } from '../schemas/settings.js';
import { DEFAULT_ANSWER_DAYS } from './inspection.js';

export const TRADITIONAL_METHODS = ['check', 'cashapp', 'paypal', 'zelle', 'venmo', 'achWire'] as const;
export const CRYPTO_METHODS = ['bitcoin', 'ethereum', 'solana', 'usdcErc20', 'usdtTrc20'] as const;
export type TraditionalMethod = (typeof TRADITIONAL_METHODS)[number];
export type CryptoMethod = (typeof CRYPTO_METHODS)[number];
export type PayoutMethod = TraditionalMethod | CryptoMethod;
export const PAYOUT_METHODS: readonly PayoutMethod[] = [...TRADITIONAL_METHODS, ...CRYPTO_METHODS];

export const EMAIL_NOTIFICATIONS = [
  'orderConfirmation',
  'shipmentUpdates',
  'stockAlerts',
  'newsletter',
] as const;
export const SMS_NOTIFICATIONS = ['orderConfirmation', 'shipmentUpdates', 'stockAlerts'] as const;
export const ANALYTICS_FEATURES = ['ecommerce', 'enhancedLinkAttribution', 'userId', 'demographics'] as const;
export const SHIPPING_METHODS = ['standard', 'express', 'overnight'] as const;
/**
 * The shipping provider's credentials: write-only. They are kept in the stage's secret, never in the table,
 * and the API answers only whether each is set (and its last four characters).
 */
export const SECRET_SETTINGS = ['easypost_test_api', 'easypost_prod_api', 'carrier_id'] as const;
export type SecretSetting = (typeof SECRET_SETTINGS)[number];
export const WAREHOUSE_FIELDS = [
  'warehouse_company',
  'warehouse_street',
  'warehouse_city',
  'warehouse_state',
  'warehouse_zip',
  'warehouse_phone',
] as const;

/** Check only, until staff switch others on (spec 001 §3). */
export const DEFAULT_PAYMENT_METHODS: PaymentMethods = {
  traditional: { check: true, cashapp: false, paypal: false, zelle: false, venmo: false, achWire: false },
  crypto: { bitcoin: false, ethereum: false, solana: false, usdcErc20: false, usdtTrc20: false },
};

/** What is used when no settings are stored or they cannot be loaded (spec 001 §3). */
export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = {
  site_name: 'StripBuyback',
  site_description:
    'We buy sealed, unexpired diabetic test strips and CGM supplies for cash. Free shipping, fast payment.',
  phone_number: null,
  support_phone: null,
  contact_email: null,
  support_email: null,
  logo: null,
  use_logo: false,
  payment_methods: DEFAULT_PAYMENT_METHODS,
  teststrips_expiration: null,
  cgmsupplies_expiration: null,
  contact: {
    social: { facebook: null, twitter: null, instagram: null, linkedin: null },
    address: { street: null, city: null, state: null, zipCode: null, country: DEFAULT_COUNTRY },
  },
  analytics: {
    gaId: null,
    features: { ecommerce: false, enhancedLinkAttribution: false, userId: false, demographics: false },
  },
};

/**
 * Spec 001 §3 defaults: what a missing record, or a missing or malformed field, reads as. Built in a call marked
 * pure: a bundler keeps an object that spreads another (a spread may run a getter), so every function reading
 * only the payout defaults (checkout, for one) would carry all of these.
 */
export const DEFAULT_SETTINGS = /* @__PURE__ */ ((): SettingsValues => ({
  ...DEFAULT_PUBLIC_SETTINGS,
  product_settings: {
    allowBackorders: false,
    showStockLevel: true,
    lowStockThreshold: 5,
    enableReviews: true,
    requireApproval: true,
  },
  notifications: {
    email: { orderConfirmation: true, shipmentUpdates: true, stockAlerts: false, newsletter: false },
    sms: { orderConfirmation: false, shipmentUpdates: false, stockAlerts: false },
  },
  shipping: {
    methods: { standard: true, express: false, overnight: false },
    restrictions: { domesticOnly: true, excludedStates: [], requireSignature: false },
    freeShippingThreshold: null,
  },
  easypost_use_production: false,
  warehouse_company: null,
  warehouse_street: null,
  warehouse_city: null,
  warehouse_state: null,
  warehouse_zip: null,
  warehouse_phone: null,
  inspection_answer_days: DEFAULT_ANSWER_DAYS,
}))();

/** The public view is a part of the whole: the same fields, the same defaults. */
export const publicPart = (s: SettingsValues): PublicSettings =>
  Object.fromEntries(
    Object.keys(DEFAULT_PUBLIC_SETTINGS).map((key) => [key, s[key as keyof PublicSettings]]),
  ) as PublicSettings;
