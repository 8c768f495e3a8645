import * as z from 'zod/mini';
import { CRYPTO_METHODS, TRADITIONAL_METHODS } from '../rules/settings-defaults.js';

/** An object of on/off switches, one per key. */
export const flags = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.boolean()])) as Record<K, z.ZodMiniBoolean>);

/**
 * The settings fields any visitor may read; everything else (keys, warehouse, notifications) stays server-side.
 * Built when first used: every page of the site loads this module, and building them in the task that loads the
 * app lengthened it on phones. Built lazily, that work falls to the task that reads the settings when they
 * arrive.
 */
export const publicSettingsShape = () => {
  const optionalText = z.nullable(z.string());
  return {
    site_name: z.string(),
    site_description: z.string(),
    phone_number: optionalText,
    support_phone: optionalText,
    contact_email: optionalText,
    support_email: optionalText,
    logo: optionalText,
    use_logo: z.boolean(),
    payment_methods: z.object({ traditional: flags(TRADITIONAL_METHODS), crypto: flags(CRYPTO_METHODS) }),
    teststrips_expiration: z.nullable(z.number()),
    cgmsupplies_expiration: z.nullable(z.number()),
    contact: z.object({
      social: z.object({
        facebook: optionalText,
        twitter: optionalText,
        instagram: optionalText,
        linkedin: optionalText,
      }),
      address: z.object({
        street: optionalText,
        city: optionalText,
        state: optionalText,
        zipCode: optionalText,
        country: z.string(),
      }),
    }),
    analytics: z.object({
      gaId: optionalText,
      features: z.object({
        ecommerce: z.boolean(),
        enhancedLinkAttribution: z.boolean(),
        userId: z.boolean(),
        demographics: z.boolean(),
      }),
    }),
  };
};
export const ZPublicSettings = z.lazy(() => z.object(publicSettingsShape()));
export type PublicSettings = z.infer<typeof ZPublicSettings>;
export type PaymentMethods = PublicSettings['payment_methods'];
