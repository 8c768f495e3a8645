/**
 * The body of PATCH /api/admin/settings, kept apart from the settings' view and defaults so the Lambdas that
 * only read settings (the public settings, checkout, e-mails) do not build these schemas at start-up.
 */
import * as z from 'zod/mini';
import { EXPIRATION_MONTH_OPTIONS } from '../constants.js';
import { adminSettingsMessages as m } from '../messages.js';
import { payoutMethodLabel } from '../rules/payout.js';
import {
  ANALYTICS_FEATURES,
  CRYPTO_METHODS,
  EMAIL_NOTIFICATIONS,
  SHIPPING_METHODS,
  SMS_NOTIFICATIONS,
  TRADITIONAL_METHODS,
  type WAREHOUSE_FIELDS,
} from '../rules/settings-defaults.js';
import { multiLine, singleLine } from './text.js';

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

const blankToNull = z.transform((v: string | null) => (v?.trim() ? v.trim() : null));

/** Free text; blank is "not set". */
const text = (label: string, max = 200) =>
  z.pipe(
    z.nullable(
      z.string({ error: m.notText(label) }).check(z.maxLength(max, m.tooLong(label, max)), singleLine(label)),
    ),
    blankToNull,
  );

const requiredText = (label: string, max = 200) =>
  z.pipe(
    z.string({ error: m.required(label) }).check(
      z.maxLength(max, m.tooLong(label, max)),
      z.refine((v) => v.trim() !== '', m.required(label)),
      singleLine(label),
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

// A switch's two forms, built once and shared by every switch: only the message names the switch. A schema is
// immutable, and the settings save has some 35 switches whose start-up this spares.
const FLAG_FORMS = [
  z.boolean(),
  z.pipe(
    z.enum(['true', 'false']),
    z.transform((v) => v === 'true'),
  ),
] as const;

/** A switch; the old backend stored some as text 'true'/'false', which is still accepted. */
const flag = (label: string) => z.union(FLAG_FORMS, { error: m.notFlag(label) });

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
      .check(z.maxLength(1000, m.tooLong('Site description', 1000)), multiLine('Site description')),
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
