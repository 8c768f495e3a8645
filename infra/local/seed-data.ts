/**
 * The local catalogue and site settings. Ids are fixed so links to a product stay valid across fresh
 * machines and test runs. Prices are what the store pays per sealed box.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { DEFAULT_PUBLIC_SETTINGS } from '../../shared/rules/settings-defaults.js';
import { type Product, ZProduct } from '../../shared/schemas/product.js';
import type { PublicSettings } from '../../shared/schemas/settings.js';
import { DEFAULT_PARCEL, type ShippingSettings } from '../../shared/schemas/shipment.js';
import { REPO_ROOT } from './stack/context.js';

export type SeedProduct = Omit<Product, 'imageUrl'>;

/** The catalogue, as data: one product a record, with the fields the table stores (no image URL yet). */
export const SEED_PRODUCTS: readonly SeedProduct[] = z
  .array(z.omit(ZProduct, { imageUrl: true }))
  .parse(JSON.parse(readFileSync(join(REPO_ROOT, 'infra', 'local', 'seed-products.json'), 'utf8')));

/**
 * The public URL of a product image, and its key in the images bucket. CloudFront's `/images/*` behaviour
 * forwards the path unchanged to the bucket, so the key carries the `images/` prefix.
 */
export const productImageUrl = (id: string) => `/images/products/${id}.svg`;
export const productImageKey = (id: string) => productImageUrl(id).slice(1);

export const SEED_SETTINGS: PublicSettings = {
  ...DEFAULT_PUBLIC_SETTINGS,
  phone_number: '(800) 555-0142',
  support_phone: '(800) 555-0199',
  contact_email: 'support@stripbuyback.test',
  support_email: 'help@stripbuyback.test',
  payment_methods: {
    traditional: { check: true, cashapp: false, paypal: true, zelle: true, venmo: true, achWire: false },
    crypto: { bitcoin: true, ethereum: false, solana: false, usdcErc20: false, usdtTrc20: false },
  },
  teststrips_expiration: 6,
  cgmsupplies_expiration: 4,
  contact: {
    social: {
      facebook: 'https://www.facebook.com/stripbuyback',
      twitter: 'https://x.com/stripbuyback',
      instagram: 'https://www.instagram.com/stripbuyback',
      linkedin: 'https://www.linkedin.com/company/stripbuyback',
    },
    address: {
      street: '1200 Commerce Way, Suite 210',
      city: 'Columbus',
      state: 'OH',
      zipCode: '43215',
      country: 'USA',
    },
  },
};

/**
 * The shipping side of the settings (server-only): test mode, so `npm start` makes TEST labels on the local
 * EasyPost test server with the placeholder test key. The carrier account is a credential: it is in the local
 * secret file (LOCAL_SECRET_PLACEHOLDERS), not here.
 */
export const SEED_SHIPPING_SETTINGS = {
  easypost_use_production: false,
  warehouse_company: 'StripBuyback Receiving',
  warehouse_street: '1200 Commerce Way, Suite 210',
  warehouse_city: 'Columbus',
  warehouse_state: 'OH',
  warehouse_zip: '43215',
  warehouse_phone: '8005550142',
  shipping_parcel: { ...DEFAULT_PARCEL },
} satisfies ShippingSettings;

export const ADMIN_EMAIL = 'admin@stripbuyback.test';
