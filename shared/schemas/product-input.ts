import * as z from 'zod/mini';
import { adminProductMessages as m } from '../messages.js';
import { PRODUCT_IMAGE_URL, PRODUCT_TYPES } from './product.js';
import { multiLine, singleLine } from './text.js';

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
