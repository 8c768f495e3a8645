/**
 * The body of PATCH /api/admin/settings, kept apart from the settings' view and defaults so the Lambdas that
 * only read settings (the public settings, checkout, e-mails) do not build these schemas at start-up.
 */
import * as z from 'zod/mini';
import { EXPIRATION_MONTH_OPTIONS } from '../constants.js';
import { adminSettingsMessages as m } from '../messages.js';
import { MAX_ANSWER_DAYS } from '../rules/inspection.js';
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

/**
 * A schema is immutable, so the fields of one kind (some 35 switches, 20 text fields, the web addresses, the
 * e-mails) share one schema, built once at start-up. A field is named beside its schema, `['Site name', schema]`;
 * its group keeps the names, and a refusal reads its field's from the issue's path.
 */
type Named<S extends z.ZodMiniType = z.ZodMiniType> = readonly [label: string, schema: S];
type Field = z.ZodMiniType | Named;
type SchemaOf<F> = F extends readonly [string, infer S] ? S : F;

/** Each group's names for its fields, and its groups within, by key. */
const groups = new WeakMap<object, { labels: Record<string, string>; inner: Record<string, object> }>();

/** The refused field's name, found from the save's root group down the issue's path (the path if it has none). */
const labelOf = (issue: { path?: PropertyKey[] }): string => {
  const path = (issue.path ?? []).map(String);
  let at: object | undefined = root;
  for (const key of path.slice(0, -1)) at = at && groups.get(at)?.inner[key];
  return (at && groups.get(at)?.labels[path[path.length - 1]]) ?? path.join('.');
};
/** A message for the refused field, from one of `m`'s label functions. */
const about =
  (message: (label: string) => string) =>
  (issue: { path?: PropertyKey[] }): string =>
    message(labelOf(issue));

/** Unknown keys and non-objects anywhere in a save: one clear message naming what was refused. */
const groupError = (issue: { code?: string; keys?: string[] }): string =>
  issue.code === 'unrecognized_keys' && issue.keys
    ? m.unknownSetting(issue.keys.map((k) => `"${k}"`).join(', '))
    : m.invalidData;

/** Builds a schema once per key and hands the same one out after (schemas are immutable, so they share). */
function once<K, S>(build: (key: K) => S): (key: K) => S {
  const made = new Map<K, S>();
  return (key) => {
    const known = made.get(key);
    if (known) return known;
    const schema = build(key);
    made.set(key, schema);
    return schema;
  };
}

/** One optional wrapper per shared schema, like the schema itself. */
const optional = once((schema: z.ZodMiniType) => z.optional(schema));

/** A strict group of optional fields: a card sends only what it shows, and nothing else is accepted. */
function group<S extends Record<string, Field>>(shape: S) {
  const fields = {} as { [K in keyof S]: z.ZodMiniOptional<SchemaOf<S[K]>> };
  const labels: Record<string, string> = {};
  const inner: Record<string, object> = {};
  for (const key in shape) {
    const field: Field = shape[key];
    const schema = isNamed(field) ? field[1] : field;
    if (isNamed(field)) labels[key] = field[0];
    if (groups.has(schema)) inner[key] = schema;
    fields[key] = optional(schema) as z.ZodMiniOptional<SchemaOf<S[typeof key]>>;
  }
  const made = z.strictObject(fields, { error: groupError });
  groups.set(made, { labels, inner });
  return made;
}
const isNamed = (field: Field): field is Named => Array.isArray(field);

const blankToNull = z.transform((v: string | null) => (v?.trim() ? v.trim() : null));

/** Free text; blank is "not set". */
const text = once((max: number) =>
  z.pipe(
    z.nullable(
      z
        .string({ error: about(m.notText) })
        .check(z.maxLength(max, { error: about((label) => m.tooLong(label, max)) }), singleLine(labelOf)),
    ),
    blankToNull,
  ),
);

const requiredText = once((max: number) =>
  z.pipe(
    z.string({ error: about(m.required) }).check(
      z.maxLength(max, { error: about((label) => m.tooLong(label, max)) }),
      z.refine((v) => v.trim() !== '', { error: about(m.required) }),
      singleLine(labelOf),
    ),
    z.transform((v) => v.trim()),
  ),
);

const isEmail = (v: string) => z.email().safeParse(v).success;
const email = z.pipe(text(254), z.nullable(z.string().check(z.refine(isEmail, { error: about(m.email) }))));

/** Only web addresses: the public site renders these as links and images (no javascript: or data:). */
export const isWebUrl = (v: string): boolean => {
  try {
    const url = new URL(v);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
};
const url = z.pipe(text(500), z.nullable(z.string().check(z.refine(isWebUrl, { error: about(m.url) }))));

/** A switch; the old backend stored some as text 'true'/'false', which is still accepted. */
const flag = z.pipe(
  z.custom<boolean | 'true' | 'false'>((v) => typeof v === 'boolean' || v === 'true' || v === 'false', {
    error: about(m.notFlag),
  }),
  z.transform((v) => v === true || v === 'true'),
);

/** A group of switches, one per key, each named by `label(key)`. */
const switches = <K extends string>(keys: readonly K[], label: (key: K) => string) =>
  group(Object.fromEntries(keys.map((k) => [k, [label(k), flag] as const])) as Record<K, Named<typeof flag>>);

const monthOptions: readonly number[] = EXPIRATION_MONTH_OPTIONS;
const months = z.nullable(
  z
    .number({ error: about(m.months) })
    .check(z.refine((n) => monthOptions.includes(n), { error: about(m.months) })),
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
const secret = z.pipe(
  z.string({ error: about(m.notText) }).check(z.maxLength(500, { error: about((l) => m.tooLong(l, 500)) })),
  z.transform((v) => v.trim()),
);

const warehouse = {
  warehouse_company: ['Warehouse company', text(200)],
  warehouse_street: ['Warehouse street', text(200)],
  warehouse_city: ['Warehouse city', text(200)],
  warehouse_state: ['Warehouse state', text(50)],
  warehouse_zip: ['Warehouse ZIP', text(20)],
  warehouse_phone: ['Warehouse phone', text(30)],
} as const satisfies Record<(typeof WAREHOUSE_FIELDS)[number], Named>;

/**
 * The body of a save: any subset of the settings, nested groups partial too, so one card sends only its own
 * fields and the server writes only those. Unknown keys are refused; nothing is written on a bad field.
 */
const root = group({
  site_name: ['Site name', requiredText(200)],
  site_description: z.pipe(
    z
      .string({ error: m.notText('Site description') })
      .check(z.maxLength(1000, m.tooLong('Site description', 1000)), multiLine('Site description')),
    z.transform((v) => v.trim()),
  ),
  phone_number: ['Phone', text(30)],
  contact_email: ['Contact email', email],
  support_phone: ['Support phone', text(30)],
  support_email: ['Support email', email],
  logo: ['Logo image URL', url],
  use_logo: ['Use logo', flag],
  analytics: group({
    gaId: [
      'Measurement ID',
      z.pipe(text(40), z.nullable(z.string().check(z.refine((v) => GA_ID.test(v), m.gaId)))),
    ],
    features: switches(ANALYTICS_FEATURES, (k) => ANALYTICS_FEATURE_LABELS[k]),
  }),
  teststrips_expiration: ['Test strips minimum expiration', months],
  cgmsupplies_expiration: ['CGM supplies minimum expiration', months],
  product_settings: group({
    allowBackorders: ['Allow backorders', flag],
    showStockLevel: ['Show stock level', flag],
    lowStockThreshold: z
      .number({ error: m.wholeNumber('Low stock threshold') })
      .check(
        z.refine(
          (n) => Number.isInteger(n) && n >= 0 && n <= 1_000_000,
          m.wholeNumber('Low stock threshold'),
        ),
      ),
    enableReviews: ['Enable reviews', flag],
    requireApproval: ['Require review approval', flag],
  }),
  payment_methods: group({
    traditional: switches(TRADITIONAL_METHODS, payoutMethodLabel),
    crypto: switches(CRYPTO_METHODS, payoutMethodLabel),
  }),
  notifications: group({
    email: switches(EMAIL_NOTIFICATIONS, (k) => `Email ${EMAIL_NOTIFICATION_LABELS[k].toLowerCase()}`),
    sms: switches(SMS_NOTIFICATIONS, (k) => `SMS ${EMAIL_NOTIFICATION_LABELS[k].toLowerCase()}`),
  }),
  shipping: group({
    methods: switches(SHIPPING_METHODS, (k) => `${k[0].toUpperCase()}${k.slice(1)} shipping`),
    restrictions: group({
      domesticOnly: ['Domestic only', flag],
      excludedStates: z
        .array(z.string({ error: m.states }).check(z.regex(STATE_CODE, m.states)), {
          error: m.states,
        })
        .check(z.maxLength(60, m.states)),
      requireSignature: ['Require signature', flag],
    }),
    freeShippingThreshold: z.nullable(
      z
        .number({ error: m.amount('Free shipping threshold') })
        .check(z.refine((n) => Number.isFinite(n) && n >= 0, m.amount('Free shipping threshold'))),
    ),
  }),
  easypost_use_production: ['Shipping mode', flag],
  inspection_answer_days: z
    .number({ error: m.answerDays })
    .check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_ANSWER_DAYS, m.answerDays)),
  ...warehouse,
  contact: group({
    social: group({
      facebook: ['Facebook', url],
      twitter: ['Twitter', url],
      instagram: ['Instagram', url],
      linkedin: ['LinkedIn', url],
    }),
    address: group({
      street: ['Street', text(200)],
      city: ['City', text(200)],
      state: ['State', text(50)],
      zipCode: ['ZIP code', text(20)],
      country: ['Country', requiredText(60)],
    }),
  }),
  easypost_test_api: ['Test API key', secret],
  easypost_prod_api: ['Production API key', secret],
  carrier_id: ['Carrier account ID', secret],
});
export const ZAdminSettingsUpdate = root.check(
  z.refine((body) => Object.keys(body).length > 0, m.nothingToSave),
);
export type AdminSettingsUpdate = z.infer<typeof ZAdminSettingsUpdate>;
export type AdminSettingsUpdateInput = z.input<typeof ZAdminSettingsUpdate>;
