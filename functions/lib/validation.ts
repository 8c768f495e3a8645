import type * as z from 'zod/mini';
import { apiMessages } from '../../shared/messages.js';
import { validationError } from './errors.js';

/** Field path → first message, e.g. `{ "shippingAddress.zipCode": "Valid ZIP code is required" }`. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Parse outside input with a shared schema; a failure is a 400 whose message is the first field's message. */
export function parseInput<S extends z.ZodMiniType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  throw validationError(Object.values(fields)[0] ?? apiMessages.invalidRequest, fields);
}

/** A plain JSON object (not an array, not null): what a stored map or a parsed JSON text must be. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
