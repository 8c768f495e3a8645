import * as z from 'zod/mini';
import { DEFAULT_PUBLIC_SETTINGS, type PublicSettings, ZPublicSettings } from './settings.js';

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
