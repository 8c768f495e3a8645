import { describe, expect, test } from '@jest/globals';
import { createFormControl, get } from 'react-hook-form';
import { ApiError } from './api-error';
import { applyServerErrors } from './form-errors';

type Values = { name: string; email: string; payout: { method: string; paypalEmail?: string } };

const newForm = () =>
  createFormControl<Values>({ defaultValues: { name: '', email: '', payout: { method: 'paypal' } } });

/** The message a form now shows for a field, and whether the server put it there. */
const shown = (form: ReturnType<typeof newForm>, path: string) => {
  const error = get(form.control._formState.errors, path) as { message?: string; type?: string } | undefined;
  return error && { message: error.message, type: error.type };
};

const refused = (fields: Record<string, string>, status = 400) =>
  new ApiError(status, 'validation', Object.values(fields)[0] ?? 'Invalid request', fields);

describe('applyServerErrors', () => {
  test("a 400's field messages land on the form's fields, nested paths included", () => {
    const form = newForm();
    const applied = applyServerErrors(
      form,
      refused({ name: 'First name is required', 'payout.paypalEmail': 'Invalid PayPal email address' }),
    );
    expect(applied).toEqual(['name', 'payout.paypalEmail']);
    expect(shown(form, 'name')).toEqual({ message: 'First name is required', type: 'server' });
    expect(shown(form, 'payout.paypalEmail')).toEqual({
      message: 'Invalid PayPal email address',
      type: 'server',
    });
  });

  test('paths the form does not have (a cart line, the whole request) are left to the banner', () => {
    const form = newForm();
    const applied = applyServerErrors(
      form,
      refused({ 'items.0.quantity': 'Too many', _: 'Invalid request', emailx: 'x' }),
    );
    expect(applied).toEqual([]);
    expect(form.control._formState.errors).toEqual({});
  });

  test('`fields` limits where messages may land; `rename` maps the server names onto the form', () => {
    const form = newForm();
    const applied = applyServerErrors(
      form,
      refused({ 'customer.email': 'Valid email is required', name: 'Name is required' }),
      { fields: ['email'], rename: { 'customer.email': 'email' } },
    );
    expect(applied).toEqual(['email']);
    expect(shown(form, 'email')?.message).toBe('Valid email is required');
    expect(shown(form, 'name')).toBeUndefined();
  });

  test.each([
    ['a server failure', new ApiError(500, 'INTERNAL', 'Internal error', { name: 'x' })],
    ['a network failure', new ApiError(0, 'NETWORK_ERROR', 'Network request failed')],
    ['any other error', new Error('boom')],
    ['nothing', undefined],
  ])('%s sets nothing', (_case, error) => {
    const form = newForm();
    expect(applyServerErrors(form, error)).toEqual([]);
    expect(form.control._formState.errors).toEqual({});
  });

  test('a 409 that names a field shows it there too', () => {
    const form = newForm();
    expect(applyServerErrors(form, refused({ email: 'Already used' }, 409))).toEqual(['email']);
  });
});
