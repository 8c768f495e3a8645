import { zodResolver } from '@hookform/resolvers/zod';
import { adminCustomerMessages as m } from '@shared/messages';
import { formatPhone } from '@shared/rules/order';
import {
  type AdminCustomerDetail,
  type UpdateCustomerForm,
  type UpdateCustomerRequest,
  ZUpdateCustomerRequest,
} from '@shared/schemas/admin-customer';
import { useId, useRef, useState } from 'react';
import { type FieldError, get, useForm } from 'react-hook-form';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/form/field';
import { isApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUpdateCustomer } from '../api/update-customer';

const valuesOf = (c: AdminCustomerDetail): UpdateCustomerForm => ({
  name: c.name,
  phone: c.phone,
  address: { ...c.address },
});

type Result = { tone: 'success' | 'error'; text: string } | null;

/**
 * Name, phone and address, validated with the checkout's rules (the same schema as the API); Save asks 'Are you
 * sure you want to save these changes?' in a modal before anything is sent. The server's field messages land
 * on their fields.
 */
export function CustomerEditForm({ customer }: { customer: AdminCustomerDetail }) {
  const titleId = useId();
  const mutation = useUpdateCustomer(customer.id);
  const [pending, setPending] = useState<UpdateCustomerRequest | null>(null);
  const [result, setResult] = useState<Result>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    reset,
    formState: { errors, isDirty },
  } = useForm<UpdateCustomerForm, unknown, UpdateCustomerRequest>({
    resolver: zodResolver(ZUpdateCustomerRequest),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: valuesOf(customer),
  });
  const errorOf = (path: string) => (get(errors, path) as FieldError | undefined)?.message;
  const phone = register('phone');

  const save = async () => {
    const values = pending;
    setPending(null);
    if (!values) return;
    try {
      const saved = await mutation.mutateAsync(values);
      reset(valuesOf(saved));
      setResult({ tone: 'success', text: m.saved });
    } catch (error) {
      applyServerErrors({ setError, getValues }, error);
      if (isApiError(error) && error.status === 400) {
        setResult({ tone: 'error', text: error.message });
      } else if (isApiError(error) && error.status === 404) {
        setResult({ tone: 'error', text: m.notFound });
      } else {
        setResult({ tone: 'error', text: m.saveFailed });
      }
    }
  };

  return (
    <section className="card customer-section customer-section--wide" aria-labelledby={titleId}>
      <h2 id={titleId} className="customer-section__title">
        Edit customer
      </h2>
      <form
        className="customer-form"
        noValidate
        onSubmit={handleSubmit((values) => {
          setResult(null);
          setPending(values);
        })}
      >
        <div className="customer-form__grid">
          <TextField label="Name" autoComplete="off" error={errorOf('name')} {...register('name')} />
          <TextField
            label="Phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            error={errorOf('phone')}
            {...phone}
            onChange={(event) => {
              event.target.value = formatPhone(event.target.value);
              return phone.onChange(event);
            }}
          />
          <TextField
            label="Street address"
            autoComplete="off"
            className="customer-form__full"
            error={errorOf('address.street')}
            {...register('address.street')}
          />
          <TextField
            label="City"
            autoComplete="off"
            error={errorOf('address.city')}
            {...register('address.city')}
          />
          <TextField
            label="State"
            autoComplete="off"
            maxLength={2}
            error={errorOf('address.state')}
            {...register('address.state')}
          />
          <TextField
            label="ZIP code"
            inputMode="numeric"
            autoComplete="off"
            error={errorOf('address.zip')}
            {...register('address.zip')}
          />
        </div>
        <div className="button-row">
          <button ref={saveRef} type="submit" className="btn btn--primary" disabled={mutation.isPending}>
            {mutation.isPending && <span className="spinner spinner--inline" aria-hidden="true" />}
            {mutation.isPending ? 'Saving...' : 'Save changes'}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={!isDirty || mutation.isPending}
            onClick={() => {
              reset(valuesOf(customer));
              setResult(null);
            }}
          >
            Reset
          </button>
        </div>
        <div aria-live="polite">
          {result && (
            <p
              className={`customer-result customer-result--${result.tone}`}
              role={result.tone === 'error' ? 'alert' : 'status'}
            >
              {result.text}
            </p>
          )}
        </div>
      </form>
      <Dialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title="Save changes?"
        description={<p>{m.confirmSave}</p>}
        size="sm"
        returnFocusRef={saveRef}
        footer={
          <div className="button-row">
            <button type="button" className="btn btn--secondary" onClick={() => setPending(null)}>
              Cancel
            </button>
            <button type="button" className="btn btn--primary" onClick={() => void save()}>
              Save
            </button>
          </div>
        }
      />
    </section>
  );
}
