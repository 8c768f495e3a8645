import * as z from 'zod/mini';
import { apiMessages } from '../messages.js';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path parameter that must be a product uuid. */
export const ZProductIdParams = z.object({
  id: z.string().check(z.regex(UUID_PATTERN, apiMessages.invalidProductId)),
});
export type ProductIdParams = z.infer<typeof ZProductIdParams>;

/** The one error body every API answer uses. */
export const ZErrorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});
export type ErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZEmpty = z.object({});
