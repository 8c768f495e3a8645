import * as z from 'zod/mini';
import { EMAIL_NOTIFICATIONS, SHIPPING_METHODS, SMS_NOTIFICATIONS } from '../rules/settings-defaults.js';
import { flags, publicSettingsShape } from './settings.js';

const optionalText = z.nullable(z.string());

/** Every stored setting except the provider credentials (spec 001 §3 "Settings"), as the API answers it. */
export const ZSettingsValues = z.object({
  ...publicSettingsShape(),
  product_settings: z.object({
    allowBackorders: z.boolean(),
    showStockLevel: z.boolean(),
    lowStockThreshold: z.number(),
    enableReviews: z.boolean(),
    requireApproval: z.boolean(),
  }),
  notifications: z.object({ email: flags(EMAIL_NOTIFICATIONS), sms: flags(SMS_NOTIFICATIONS) }),
  shipping: z.object({
    methods: flags(SHIPPING_METHODS),
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
  /** Days a seller has to answer an inspection with something reduced or rejected (issue 40). */
  inspection_answer_days: z.number(),
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
