import type { FieldPath, FieldValues, UseFormGetValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-error';

export interface ServerErrorOptions {
  /**
   * The form's fields a server message may land on: a server path lands when it is one of these or lies under
   * one (`payout` takes `payout.paypalEmail`). By default the form's own top-level values.
   */
  fields?: Iterable<string>;
  /** Server paths the form names differently (`shippingAddress.zipCode` → `zipCode`). */
  rename?: Readonly<Record<string, string>>;
}

/** The part of a react-hook-form form this needs (pass the whole `useForm()` result, or these two). */
export interface ServerErrorTarget<T extends FieldValues> {
  setError: UseFormSetError<T>;
  getValues: UseFormGetValues<T>;
}

/**
 * The one way a refused request's field messages reach a form: the API answers a 4xx with
 * `{ error: { fields: { "<path>": "<message>" } } }` (the spec's words); each message that names one of the
 * form's fields is set on it as a `server` error and shows beside it. Messages for paths the form does not
 * have (a cart line, the whole request `_`) are left to the caller's banner. Returns the form paths set.
 */
export function applyServerErrors<T extends FieldValues>(
  form: ServerErrorTarget<T>,
  error: unknown,
  options: ServerErrorOptions = {},
): FieldPath<T>[] {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return [];
  const fields = [...(options.fields ?? Object.keys(form.getValues() ?? {}))];
  const isFormPath = (path: string) => fields.some((field) => path === field || path.startsWith(`${field}.`));
  const applied: FieldPath<T>[] = [];
  for (const [serverPath, message] of Object.entries(error.fields)) {
    const path = options.rename?.[serverPath] ?? serverPath;
    if (!message || !isFormPath(path)) continue;
    form.setError(path as FieldPath<T>, { type: 'server', message });
    applied.push(path as FieldPath<T>);
  }
  return applied;
}
