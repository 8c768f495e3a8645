import * as z from 'zod/mini';

/** Product types as the admin form offers them; compared case-insensitively. */
export const PRODUCT_TYPES = ['Test Strips', 'CGM', 'Other'] as const;

/** Where uploaded product images live (served by CloudFront under /images/*). */
export const PRODUCT_IMAGE_URL = /^\/images\/products\/[A-Za-z0-9._-]{1,200}$/;

/** A product as the app sees it (spec 000 §3). */
export const ZProduct = z.object({
  id: z.string(),
  productId: z.number(),
  name: z.string(),
  brand: z.string(),
  buybackPrice: z.number(),
  imageUrl: z.nullable(z.string()),
  productType: z.string(),
  expirationMonths: z.nullable(z.number()),
  boxCount: z.nullable(z.number()),
  description: z.string(),
  inStock: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof ZProduct>;

export const ZProductList = z.object({ products: z.array(ZProduct) });
export type ProductList = z.infer<typeof ZProductList>;
