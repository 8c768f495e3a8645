import { zodResolver } from '@hookform/resolvers/zod';
import type { OrderLookupRequest } from '@shared/schemas/order';
import { ZOrderLookupRequest } from '@shared/schemas/order';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { TextField } from '../../../components/form/field';
import { AlertIcon, InfoIcon, SearchIcon } from '../../../components/icons';
import { applyServerErrors } from '../../../lib/form-errors';
import '../../../components/stacked-form.css';

type LookupFormValues = z.input<typeof ZOrderLookupRequest>;

interface LookupFormProps {
  /** Settles with the lookup; a refusal that names a field shows beside it. */
  onSubmit: (values: OrderLookupRequest) => Promise<unknown>;
  pending: boolean;
  /** The last failure, shown above the form; a new attempt number announces it again, even if the text repeats. */
  error: { message: string; attempt: number } | null;
  /** Focused when the form comes back after the order view. */
  focusOnMount?: boolean;
}

export function LookupForm({ onSubmit, pending, error, focusOnMount = false }: LookupFormProps) {
  const {
    register,
    handleSubmit,
    setFocus,
    setError,
    getValues,
    formState: { errors },
  } = useForm<LookupFormValues, unknown, OrderLookupRequest>({
    resolver: zodResolver(ZOrderLookupRequest),
    defaultValues: { orderNumber: '', email: '' },
  });
  useEffect(() => {
    if (focusOnMount) setFocus('orderNumber');
  }, [focusOnMount, setFocus]);

  const orderNumber = register('orderNumber');
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (failure) {
      applyServerErrors({ setError, getValues }, failure);
    }
  });

  return (
    <form className="card track-form stacked-form" noValidate onSubmit={submit}>
      {error && (
        <div key={error.attempt} className="notice notice--danger track-form__error" role="alert">
          <AlertIcon size={20} />
          <p>{error.message}</p>
        </div>
      )}

      <TextField
        id="track-order-number"
        label="Order Number"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        placeholder="e.g. C7K2M9Q"
        hint="'C' followed by 6 letters or digits, for example C7K2M9Q."
        error={errors.orderNumber?.message}
        {...orderNumber}
        onChange={(event) => {
          // Upper case as typed, keeping the caret where it was.
          const input = event.target;
          const caret = input.selectionStart;
          input.value = input.value.toUpperCase();
          if (caret !== null) input.setSelectionRange(caret, caret);
          return orderNumber.onChange(event);
        }}
      />
      <TextField
        id="track-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        hint="The e-mail address you used at checkout."
        error={errors.email?.message}
        {...register('email')}
      />

      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={pending}>
        <SearchIcon size={18} />
        {pending ? 'Looking Up Order...' : 'Track Order'}
      </button>

      <div className="track-tips">
        <h2 className="track-tips__title">
          <InfoIcon size={18} />
          Tips for finding your order
        </h2>
        <ul>
          <li>
            Your order number starts with <strong>C</strong> followed by 6 letters or digits, for example{' '}
            <strong>C7K2M9Q</strong>.
          </li>
          <li>Use the same e-mail address you entered at checkout.</li>
          <li>Both are in your order confirmation e-mail: check your spam folder if you can't find it.</li>
        </ul>
      </div>
    </form>
  );
}
