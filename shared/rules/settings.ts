import type { SettingsValues } from '../schemas/admin-settings.js';
import type { PaymentMethods } from '../schemas/settings.js';
import { MAX_ANSWER_DAYS } from './inspection.js';
import {
  ANALYTICS_FEATURES,
  CRYPTO_METHODS,
  DEFAULT_PAYMENT_METHODS,
  DEFAULT_SETTINGS,
  EMAIL_NOTIFICATIONS,
  SHIPPING_METHODS,
  SMS_NOTIFICATIONS,
  TRADITIONAL_METHODS,
} from './settings-defaults.js';

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {};

const text = (value: unknown, fallback: string | null): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : fallback;

/** Booleans may arrive as text 'true'/'false' (the old backend stored use_logo and easypost flags so). */
export const lenientBool = (value: unknown, fallback: boolean): boolean => {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return fallback;
};

const numberOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** Months: a whole number from 1 to 24, possibly as text; anything else is "not set". */
const months = (value: unknown): number | null => {
  const n = numberOf(value);
  return n !== null && Number.isInteger(n) && n >= 1 && n <= 24 ? n : null;
};

/** The answer window: whole days from 1 to MAX_ANSWER_DAYS; anything else is the default. */
const answerDays = (value: unknown, fallback: number): number => {
  const n = numberOf(value);
  return n !== null && Number.isInteger(n) && n >= 1 && n <= MAX_ANSWER_DAYS ? n : fallback;
};

const flags = <K extends string>(keys: readonly K[], stored: unknown, defaults: Record<K, boolean>) => {
  const s = obj(stored);
  return Object.fromEntries(keys.map((k) => [k, lenientBool(s[k], defaults[k])])) as Record<K, boolean>;
};

/**
 * Only the payout methods of a stored record, read as readSettings reads them: for a function that needs no other
 * setting (checkout), which then carries none of the others' reading and defaults.
 */
export const readPaymentMethods = (stored: Record<string, unknown> | null | undefined): PaymentMethods => {
  const payment = obj(stored?.payment_methods);
  const d = DEFAULT_PAYMENT_METHODS;
  return {
    traditional: flags(TRADITIONAL_METHODS, payment.traditional, d.traditional),
    crypto: flags(CRYPTO_METHODS, payment.crypto, d.crypto),
  };
};

/**
 * The stored record read field by field, each falling back to its default when missing or malformed, so a
 * half-written or legacy record never breaks a page. Credentials and unknown attributes never come out.
 */
export function readSettings(stored: Record<string, unknown> | null | undefined): SettingsValues {
  const d = DEFAULT_SETTINGS;
  if (!stored) return structuredClone(d);
  const contact = obj(stored.contact);
  const social = obj(contact.social);
  const address = obj(contact.address);
  const analytics = obj(stored.analytics);
  const product = obj(stored.product_settings);
  const notifications = obj(stored.notifications);
  const shipping = obj(stored.shipping);
  const restrictions = obj(shipping.restrictions);
  const threshold = numberOf(product.lowStockThreshold);
  const freeShipping = numberOf(shipping.freeShippingThreshold);
  const excluded = restrictions.excludedStates;
  return {
    site_name: text(stored.site_name, d.site_name) as string,
    site_description: text(stored.site_description, d.site_description) as string,
    phone_number: text(stored.phone_number, null),
    support_phone: text(stored.support_phone, null),
    contact_email: text(stored.contact_email, null),
    support_email: text(stored.support_email, null),
    logo: text(stored.logo, null),
    use_logo: lenientBool(stored.use_logo, d.use_logo),
    payment_methods: readPaymentMethods(stored),
    teststrips_expiration: months(stored.teststrips_expiration),
    cgmsupplies_expiration: months(stored.cgmsupplies_expiration),
    contact: {
      social: {
        facebook: text(social.facebook, null),
        twitter: text(social.twitter, null),
        instagram: text(social.instagram, null),
        linkedin: text(social.linkedin, null),
      },
      address: {
        street: text(address.street, null),
        city: text(address.city, null),
        state: text(address.state, null),
        zipCode: text(address.zipCode, null),
        country: text(address.country, d.contact.address.country) as string,
      },
    },
    analytics: {
      gaId: text(analytics.gaId, null),
      features: flags(ANALYTICS_FEATURES, analytics.features, d.analytics.features),
    },
    product_settings: {
      allowBackorders: lenientBool(product.allowBackorders, d.product_settings.allowBackorders),
      showStockLevel: lenientBool(product.showStockLevel, d.product_settings.showStockLevel),
      lowStockThreshold:
        threshold !== null && Number.isInteger(threshold) && threshold >= 0
          ? threshold
          : d.product_settings.lowStockThreshold,
      enableReviews: lenientBool(product.enableReviews, d.product_settings.enableReviews),
      requireApproval: lenientBool(product.requireApproval, d.product_settings.requireApproval),
    },
    notifications: {
      email: flags(EMAIL_NOTIFICATIONS, notifications.email, d.notifications.email),
      sms: flags(SMS_NOTIFICATIONS, notifications.sms, d.notifications.sms),
    },
    shipping: {
      methods: flags(SHIPPING_METHODS, shipping.methods, d.shipping.methods),
      restrictions: {
        domesticOnly: lenientBool(restrictions.domesticOnly, d.shipping.restrictions.domesticOnly),
        excludedStates: Array.isArray(excluded) ? excluded.filter((s) => typeof s === 'string') : [],
        requireSignature: lenientBool(
          restrictions.requireSignature,
          d.shipping.restrictions.requireSignature,
        ),
      },
      freeShippingThreshold: freeShipping !== null && freeShipping >= 0 ? freeShipping : null,
    },
    easypost_use_production: lenientBool(stored.easypost_use_production, d.easypost_use_production),
    warehouse_company: text(stored.warehouse_company, null),
    warehouse_street: text(stored.warehouse_street, null),
    warehouse_city: text(stored.warehouse_city, null),
    warehouse_state: text(stored.warehouse_state, null),
    warehouse_zip: text(stored.warehouse_zip, null),
    warehouse_phone: text(stored.warehouse_phone, null),
    inspection_answer_days: answerDays(stored.inspection_answer_days, d.inspection_answer_days),
  };
}
