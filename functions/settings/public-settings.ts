import {
  CRYPTO_METHODS,
  DEFAULT_PUBLIC_SETTINGS,
  type PublicSettings,
  TRADITIONAL_METHODS,
} from '../../shared/schemas/settings.js';
import type { SettingsItem } from '../lib/entities.js';

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj => (typeof value === 'object' && value !== null ? (value as Obj) : {});

const text = (value: unknown, fallback: string | null): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : fallback;

/** Booleans may arrive as text 'true'/'false' (the old backend stored use_logo and easypost flags so). */
const bool = (value: unknown, fallback: boolean): boolean => {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return fallback;
};

/** Months: a whole number from 1 to 24, possibly as text; anything else is "not set". */
const months = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 24 ? n : null;
};

const flags = <K extends string>(keys: readonly K[], stored: Obj, defaults: Record<K, boolean>) =>
  Object.fromEntries(keys.map((k) => [k, bool(stored[k], defaults[k])])) as Record<K, boolean>;

/**
 * Only the public fields, each falling back to its default when missing or malformed, so a half-written
 * record never breaks the storefront. Provider keys, warehouse and notification settings never leave here.
 */
export function toPublicSettings(stored: SettingsItem | null): PublicSettings {
  if (!stored) return DEFAULT_PUBLIC_SETTINGS;
  const d = DEFAULT_PUBLIC_SETTINGS;
  const payment = obj(stored.payment_methods);
  const contact = obj(stored.contact);
  const social = obj(contact.social);
  const address = obj(contact.address);
  const analytics = obj(stored.analytics);
  const features = obj(analytics.features);
  return {
    site_name: text(stored.site_name, d.site_name) as string,
    site_description: text(stored.site_description, d.site_description) as string,
    phone_number: text(stored.phone_number, null),
    support_phone: text(stored.support_phone, null),
    contact_email: text(stored.contact_email, null),
    support_email: text(stored.support_email, null),
    logo: text(stored.logo, null),
    use_logo: bool(stored.use_logo, d.use_logo),
    payment_methods: {
      traditional: flags(TRADITIONAL_METHODS, obj(payment.traditional), d.payment_methods.traditional),
      crypto: flags(CRYPTO_METHODS, obj(payment.crypto), d.payment_methods.crypto),
    },
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
      features: {
        ecommerce: bool(features.ecommerce, false),
        enhancedLinkAttribution: bool(features.enhancedLinkAttribution, false),
        userId: bool(features.userId, false),
        demographics: bool(features.demographics, false),
      },
    },
  };
}
