import * as z from 'zod/mini';
import { apiMessages } from '../messages.js';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path parameter that must be a product uuid. */
export const ZProductIdParams = z.object({
  id: z.string().check(z.regex(UUID_PATTERN, apiMessages.invalidProductId)),
});
export type ProductIdParams = z.infer<typeof ZProductIdParams>;

/** The one error body every API answer uses; built when first used (the web app reads it only on an error). */
export const ZErrorResponse = z.lazy(() =>
  z.object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.optional(z.record(z.string(), z.string())),
    }),
  }),
);
export type ErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZEmpty = z.object({});

/** A list's page number from the query text (1 to 999,999); 1 when absent. */
export const pageParam = (message: string) =>
  z._default(
    z.pipe(
      z.string(message).check(z.regex(/^[1-9]\d{0,5}$/, message)),
      z.transform((v) => Number(v)),
    ),
    1,
  );

/** A list's page size from the query text: one of `sizes`, `fallback` when absent. */
export const pageSizeParam = (sizes: readonly number[], fallback: number, message: string) =>
  z._default(
    z.pipe(
      z.enum(sizes.map(String) as [string, ...string[]], message),
      z.transform((v) => Number(v)),
    ),
    fallback,
  );
