import * as z from 'zod/mini';
import { DEFAULT_COUNTRY } from '../constants.js';

export const TRADITIONAL_METHODS = ['check', 'cashapp', 'paypal', 'zelle', 'venmo', 'achWire'] as const;
export const CRYPTO_METHODS = ['bitcoin', 'ethereum', 'solana', 'usdcErc20', 'usdtTrc20'] as const;
export type TraditionalMethod = (typeof TRADITIONAL_METHODS)[number];
export type CryptoMethod = (typeof CRYPTO_METHODS)[number];
export type PayoutMethod = TraditionalMethod | CryptoMethod;
export const PAYOUT_METHODS: readonly PayoutMethod[] = [...TRADITIONAL_METHODS, ...CRYPTO_METHODS];

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
  payment_methods: {
    traditional: { check: true, cashapp: false, paypal: false, zelle: false, venmo: false, achWire: false },
    crypto: { bitcoin: false, ethereum: false, solana: false, usdcErc20: false, usdtTrc20: false },
  },
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
