import { zodResolver } from '@hookform/resolvers/zod';
import type { OrderLookupRequest } from '@shared/schemas/order';
import { ZOrderLookupRequest } from '@shared/schemas/order';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { AlertIcon, InfoIcon, SearchIcon } from '../../../components/icons';
import '../../../components/stacked-form.css';

type LookupFormValues = z.input<typeof ZOrderLookupRequest>;

interface LookupFormProps {
  onSubmit: (values: OrderLookupRequest) => void;
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
    formState: { errors },
  } = useForm<LookupFormValues, unknown, OrderLookupRequest>({
    resolver: zodResolver(ZOrderLookupRequest),
    defaultValues: { orderNumber: '', email: '' },
  });
  useEffect(() => {
    if (focusOnMount) setFocus('orderNumber');
  }, [focusOnMount, setFocus]);

  const orderNumber = register('orderNumber');

  return (
    <form className="card track-form stacked-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      {error && (
        <div key={error.attempt} className="notice notice--danger track-form__error" role="alert">
          <AlertIcon size={20} />
          <p>{error.message}</p>
        </div>
      )}

      <div className="field">
        <label htmlFor="track-order-number">Order Number</label>
        <input
          id="track-order-number"
          type="text"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. C7K2M9Q"
          aria-invalid={errors.orderNumber ? true : undefined}
          aria-describedby={`track-order-number-hint${errors.orderNumber ? ' track-order-number-error' : ''}`}
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
        <p id="track-order-number-hint" className="field__hint">
          'C' followed by 6 letters or digits, for example C7K2M9Q.
        </p>
        {errors.orderNumber && (
          <p id="track-order-number-error" className="field__error">
            {errors.orderNumber.message}
          </p>
        )}
      </div>

      <div className="field">
        <label htmlFor="track-email">Email</label>
        <input
          id="track-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={`track-email-hint${errors.email ? ' track-email-error' : ''}`}
          {...register('email')}
        />
        <p id="track-email-hint" className="field__hint">
          The e-mail address you used at checkout.
        </p>
        {errors.email && (
          <p id="track-email-error" className="field__error">
            {errors.email.message}
          </p>
        )}
      </div>

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
