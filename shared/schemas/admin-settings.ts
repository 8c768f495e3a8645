import * as z from 'zod/mini';
import { EXPIRATION_MONTH_OPTIONS } from '../constants.js';
import { adminSettingsMessages as m } from '../messages.js';
import { payoutMethodLabel } from '../rules/payout.js';
import {
  CRYPTO_METHODS,
  DEFAULT_PUBLIC_SETTINGS,
  type PublicSettings,
  TRADITIONAL_METHODS,
  ZPublicSettings,
} from './settings.js';

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

const flagRecord = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.boolean()])) as Record<K, z.ZodMiniBoolean>);
const optionalText = z.nullable(z.string());

/** Every stored setting except the provider credentials (spec 001 §3 "Settings"), as the API answers it. */
export const ZSettingsValues = z.object({
  ...ZPublicSettings.def.shape,
  product_settings: z.object({
    allowBackorders: z.boolean(),
    showStockLevel: z.boolean(),
    lowStockThreshold: z.number(),
    enableReviews: z.boolean(),
    requireApproval: z.boolean(),
  }),
  notifications: z.object({ email: flagRecord(EMAIL_NOTIFICATIONS), sms: flagRecord(SMS_NOTIFICATIONS) }),
  shipping: z.object({
    methods: flagRecord(SHIPPING_METHODS),
    restrictions: z.object({
      domesticOnly: z.boolean(),
      excludedStates: z.array(z.string()),
      requireSignature: z.boolean(),
    }),
    freeShippingThreshold: z.nullable(z.number()),
  }),
  easypost_use_production: z.boolean(),
  warehouse_company: optionalText,
  warehouse_street: optionalText,
  warehouse_city: optionalText,
  warehouse_state: optionalText,
  warehouse_zip: optionalText,
  warehouse_phone: optionalText,
});
export type SettingsValues = z.infer<typeof ZSettingsValues>;

/** A credential as the back office sees it: never the value. */
export const ZSecretStatus = z.object({ set: z.boolean(), last4: z.nullable(z.string()) });
export type SecretStatus = z.infer<typeof ZSecretStatus>;

/** GET /api/admin/settings (and the answer to a save): the whole record, credentials masked. */
export const ZAdminSettings = z.object({
  ...ZSettingsValues.def.shape,
  easypost_test_api: ZSecretStatus,
  easypost_prod_api: ZSecretStatus,
  carrier_id: ZSecretStatus,
  created_at: z.nullable(z.string()),
  updated_at: z.nullable(z.string()),
});
export type AdminSettings = z.infer<typeof ZAdminSettings>;

/** Spec 001 §3 defaults: what a missing record, or a missing or malformed field, reads as. */
export const DEFAULT_SETTINGS: SettingsValues = {
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
};

const PUBLIC_KEYS = Object.keys(ZPublicSettings.def.shape) as Array<keyof PublicSettings>;

/** The public view is a part of the whole: the same fields, the same defaults. */
export const publicPart = (s: SettingsValues): PublicSettings =>
  Object.fromEntries(PUBLIC_KEYS.map((key) => [key, s[key]])) as PublicSettings;

// ------------------------------------------------------------------------------------------------- the save

/** Unknown keys and non-objects anywhere in a save: one clear message naming what was refused. */
const groupError = (issue: { code?: string; keys?: string[] }): string =>
  issue.code === 'unrecognized_keys' && issue.keys
    ? m.unknownSetting(issue.keys.map((k) => `"${k}"`).join(', '))
    : m.invalidData;

/** A strict group of optional fields: a card sends only what it shows, and nothing else is accepted. */
function group<S extends Record<string, z.ZodMiniType>>(shape: S) {
  const optional = {} as { [K in keyof S]: z.ZodMiniOptional<S[K]> };
  for (const key in shape) optional[key] = z.optional(shape[key]);
  return z.strictObject(optional, { error: groupError });
}

const blankToNull = (v: string | null) => (v?.trim() ? v.trim() : null);

/** Free text; blank is "not set". */
const text = (label: string, max = 200) =>
  z.pipe(
    z.nullable(z.string({ error: m.notText(label) }).check(z.maxLength(max, m.tooLong(label, max)))),
    z.transform(blankToNull),
  );

const requiredText = (label: string, max = 200) =>
  z.pipe(
    z.string({ error: m.required(label) }).check(
      z.maxLength(max, m.tooLong(label, max)),
      z.refine((v) => v.trim() !== '', m.required(label)),
    ),
    z.transform((v) => v.trim()),
  );

const isEmail = (v: string) => z.email().safeParse(v).success;
const email = (label: string) =>
  z.pipe(text(label, 254), z.nullable(z.string().check(z.refine(isEmail, m.email(label)))));

/** Only web addresses: the public site renders these as links and images (no javascript: or data:). */
export const isWebUrl = (v: string): boolean => {
  try {
    const url = new URL(v);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
};
const url = (label: string) =>
  z.pipe(text(label, 500), z.nullable(z.string().check(z.refine(isWebUrl, m.url(label)))));

/** A switch; the old backend stored some as text 'true'/'false', which is still accepted. */
const flag = (label: string) =>
  z.union(
    [
      z.boolean(),
      z.pipe(
        z.enum(['true', 'false']),
        z.transform((v) => v === 'true'),
      ),
    ],
    {
      error: m.notFlag(label),
    },
  );

const flags = <K extends string>(keys: readonly K[], label: (key: K) => string) =>
  group(Object.fromEntries(keys.map((k) => [k, flag(label(k))])) as Record<K, ReturnType<typeof flag>>);

const monthOptions: readonly number[] = EXPIRATION_MONTH_OPTIONS;
const months = (label: string) =>
  z.nullable(
    z.number({ error: m.months(label) }).check(z.refine((n) => monthOptions.includes(n), m.months(label))),
  );

const GA_ID = /^(G|GT|UA|AW)-[A-Z0-9-]{4,30}$/i;
const STATE_CODE = /^[A-Z]{2}$/;

export const EMAIL_NOTIFICATION_LABELS: Record<(typeof EMAIL_NOTIFICATIONS)[number], string> = {
  orderConfirmation: 'Order confirmation',
  shipmentUpdates: 'Shipment updates',
  stockAlerts: 'Stock alerts',
  newsletter: 'Newsletter',
};
export const ANALYTICS_FEATURE_LABELS: Record<(typeof ANALYTICS_FEATURES)[number], string> = {
  ecommerce: 'Enable ecommerce tracking',
  enhancedLinkAttribution: 'Enable enhanced link attribution',
  userId: 'Enable user ID tracking',
  demographics: 'Enable demographics and interests reports',
};

/** A credential: trimmed; empty means "keep the stored one". */
const secret = (label: string) =>
  z.pipe(
    z.string({ error: m.notText(label) }).check(z.maxLength(500, m.tooLong(label, 500))),
    z.transform((v) => v.trim()),
  );

const warehouse = {
  warehouse_company: text('Warehouse company'),
  warehouse_street: text('Warehouse street'),
  warehouse_city: text('Warehouse city'),
  warehouse_state: text('Warehouse state', 50),
  warehouse_zip: text('Warehouse ZIP', 20),
  warehouse_phone: text('Warehouse phone', 30),
} satisfies Record<(typeof WAREHOUSE_FIELDS)[number], z.ZodMiniType>;

/**
 * The body of a save: any subset of the settings, nested groups partial too, so one card sends only its own
 * fields and the server writes only those. Unknown keys are refused; nothing is written on a bad field.
 */
export const ZAdminSettingsUpdate = group({
  site_name: requiredText('Site name'),
  site_description: z.pipe(
    z
      .string({ error: m.notText('Site description') })
      .check(z.maxLength(1000, m.tooLong('Site description', 1000))),
    z.transform((v) => v.trim()),
  ),
  phone_number: text('Phone', 30),
  contact_email: email('Contact email'),
  support_phone: text('Support phone', 30),
  support_email: email('Support email'),
  logo: url('Logo image URL'),
  use_logo: flag('Use logo'),
  analytics: group({
    gaId: z.pipe(
      text('Measurement ID', 40),
      z.nullable(z.string().check(z.refine((v) => GA_ID.test(v), m.gaId))),
    ),
    features: flags(ANALYTICS_FEATURES, (k) => ANALYTICS_FEATURE_LABELS[k]),
  }),
  teststrips_expiration: months('Test strips minimum expiration'),
  cgmsupplies_expiration: months('CGM supplies minimum expiration'),
  product_settings: group({
    allowBackorders: flag('Allow backorders'),
    showStockLevel: flag('Show stock level'),
    lowStockThreshold: z
      .number({ error: m.wholeNumber('Low stock threshold') })
      .check(
        z.refine(
          (n) => Number.isInteger(n) && n >= 0 && n <= 1_000_000,
          m.wholeNumber('Low stock threshold'),
        ),
      ),
    enableReviews: flag('Enable reviews'),
    requireApproval: flag('Require review approval'),
  }),
  payment_methods: group({
    traditional: flags(TRADITIONAL_METHODS, (k) => payoutMethodLabel(k)),
    crypto: flags(CRYPTO_METHODS, (k) => payoutMethodLabel(k)),
  }),
  notifications: group({
    email: flags(EMAIL_NOTIFICATIONS, (k) => `Email ${EMAIL_NOTIFICATION_LABELS[k].toLowerCase()}`),
    sms: flags(SMS_NOTIFICATIONS, (k) => `SMS ${EMAIL_NOTIFICATION_LABELS[k].toLowerCase()}`),
  }),
  shipping: group({
    methods: flags(SHIPPING_METHODS, (k) => `${k[0].toUpperCase()}${k.slice(1)} shipping`),
    restrictions: group({
      domesticOnly: flag('Domestic only'),
      excludedStates: z
        .array(z.string({ error: m.states }).check(z.regex(STATE_CODE, m.states)), {
          error: m.states,
        })
        .check(z.maxLength(60, m.states)),
      requireSignature: flag('Require signature'),
    }),
    freeShippingThreshold: z.nullable(
      z
        .number({ error: m.amount('Free shipping threshold') })
        .check(z.refine((n) => Number.isFinite(n) && n >= 0, m.amount('Free shipping threshold'))),
    ),
  }),
  easypost_use_production: flag('Shipping mode'),
  ...warehouse,
  contact: group({
    social: group({
      facebook: url('Facebook'),
      twitter: url('Twitter'),
      instagram: url('Instagram'),
      linkedin: url('LinkedIn'),
    }),
    address: group({
      street: text('Street'),
      city: text('City'),
      state: text('State', 50),
      zipCode: text('ZIP code', 20),
      country: requiredText('Country', 60),
    }),
  }),
  easypost_test_api: secret('Test API key'),
  easypost_prod_api: secret('Production API key'),
  carrier_id: secret('Carrier account ID'),
}).check(z.refine((body) => Object.keys(body).length > 0, m.nothingToSave));
export type AdminSettingsUpdate = z.infer<typeof ZAdminSettingsUpdate>;
export type AdminSettingsUpdateInput = z.input<typeof ZAdminSettingsUpdate>;
