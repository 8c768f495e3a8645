import * as z from 'zod/mini';
import { CRYPTO_METHODS, TRADITIONAL_METHODS } from '../rules/settings-defaults.js';

const flags = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.boolean()])) as Record<K, z.ZodMiniBoolean>);

export const ZPaymentMethods = z.object({
  traditional: flags(TRADITIONAL_METHODS),
  crypto: flags(CRYPTO_METHODS),
});
export type PaymentMethods = z.infer<typeof ZPaymentMethods>;

const optionalText = z.nullable(z.string());

/** The settings fields any visitor may read; everything else (keys, warehouse, notifications) stays server-side. */
export const ZPublicSettings = z.object({
  site_name: z.string(),
  site_description: z.string(),
  phone_number: optionalText,
  support_phone: optionalText,
  contact_email: optionalText,
  support_email: optionalText,
  logo: optionalText,
  use_logo: z.boolean(),
  payment_methods: ZPaymentMethods,
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
});
export type PublicSettings = z.infer<typeof ZPublicSettings>;
