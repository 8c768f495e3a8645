import * as z from 'zod/mini';
import { adminProductMessages } from '../messages.js';
import { multiLine, singleLine } from './text.js';

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

const m = adminProductMessages;
const isCents = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/**
 * A product as staff write it (the Add/Edit dialog, each CSV row): spec 001 §5's rules and messages. The server
 * validates every write with it; the id and productid are never taken from here.
 */
export const ZProductInput = z
  .object({
    name: z
      .string(m.nameRequired)
      .check(z.trim(), z.minLength(1, m.nameRequired), z.maxLength(200, m.nameTooLong), singleLine('Name')),
    brand: z
      .string(m.brandRequired)
      .check(
        z.trim(),
        z.minLength(1, m.brandRequired),
        z.maxLength(100, m.brandTooLong),
        singleLine('Brand'),
      ),
    buybackPrice: z
      .number(m.priceRequired)
      .check(z.gte(0, m.pricePositive), z.lte(100_000, m.priceTooHigh), z.refine(isCents, m.priceCents)),
    productType: z.enum(PRODUCT_TYPES, m.typeRequired),
    expirationMonths: z._default(
      z.nullable(
        z
          .number(m.expirationRange)
          .check(z.int(m.expirationRange), z.gte(3, m.expirationRange), z.lte(12, m.expirationRange)),
      ),
      null,
    ),
    boxCount: z._default(
      z.nullable(z.number(m.boxCountPositive).check(z.int(m.boxCountWhole), z.gte(0, m.boxCountPositive))),
      null,
    ),
    description: z._default(
      z
        .string(m.descriptionTooLong)
        .check(z.trim(), z.maxLength(2000, m.descriptionTooLong), multiLine('Description')),
      '',
    ),
    /** A product image uploaded through the admin (a path under /images/products/), or none. */
    imageUrl: z._default(
      z.nullable(z.string(m.imageUrlInvalid).check(z.regex(PRODUCT_IMAGE_URL, m.imageUrlInvalid))),
      null,
    ),
    inStock: z._default(z.boolean(), true),
  })
  .check(
    z.refine((p) => p.productType !== 'Other' || p.expirationMonths !== null, {
      message: m.expirationRequired,
      path: ['expirationMonths'],
    }),
  );
export type ProductInput = z.infer<typeof ZProductInput>;
