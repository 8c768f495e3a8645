import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shared/messages';
import type { CartItem } from '@shared/rules/cart';
import { formatPhone } from '@shared/rules/order';
import { defaultPayoutMethod, enabledPayoutMethods } from '@shared/rules/payout';
import { PAYOUT_METHODS, type PayoutMethod } from '@shared/rules/settings-defaults';
import { checkoutShape, ZCheckoutForm } from '@shared/schemas/checkout';
import type { OrderConfirmation } from '@shared/schemas/order';
import { type ChangeEvent, useEffect, useMemo, useRef } from 'react';
import { type FieldError, get, type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { CheckboxField, TextField } from '../../../components/form/field';
import { ShieldIcon } from '../../../components/icons';
import { isApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSettings } from '../../../lib/settings/settings-context';
import { createOrderBody, useCreateOrder } from '../api/create-order';
import { checkoutAttemptKey } from '../checkout-attempt';
import type { CheckoutFormInput, CheckoutFormOutput } from '../checkout-form-types';
import { PayoutSection } from './payout-section';

export const ATTESTATION_LABEL =
  'I confirm my items are sealed, unopened, in original packaging, unexpired (at least 10 months until expiry), clean and undamaged, and stored at room temperature. I understand soiled or contaminated items are not paid or returned.';

/** The request's paths that are this form's (`firstName`, `payout.paypalEmail`); `items.*` are the cart's. */
const FORM_FIELDS = Object.keys(checkoutShape);

/**
 * Reformats the input as it is typed (the phone mask, an upper-case state), then lets react-hook-form read it.
 * Registered in place, so fields keep their on-screen order (the first invalid one gets focus).
 */
const withMask = <R extends UseFormRegisterReturn>(registration: R, mask: (value: string) => string): R => ({
  ...registration,
  onChange: (event: ChangeEvent<HTMLInputElement>) => {
    event.target.value = mask(event.target.value);
    return registration.onChange(event);
  },
});

const isPayoutMethod = (value: unknown): value is PayoutMethod =>
  typeof value === 'string' && (PAYOUT_METHODS as readonly string[]).includes(value);

/** The server's own words for a request it refused; a generic line for failures the seller cannot act on. */
const bannerMessage = (error: unknown): string =>
  isApiError(error) && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : messages.checkoutPage.createFailed;

interface CheckoutFormProps {
  items: CartItem[];
  /** Shown when the submit fails; the page keeps it above the form. */
  onError: (message: string | null) => void;
  onOrderCreated: (order: OrderConfirmation) => void;
  /** A line cannot be sold now: nothing is submitted until the seller removes it. */
  blocked?: boolean;
  /** Last look before submitting (the catalogue may have changed since the page showed it): false stops. */
  confirmBeforeSubmit?: () => Promise<boolean>;
}

export function CheckoutForm({
  items,
  onError,
  onOrderCreated,
  blocked = false,
  confirmBeforeSubmit,
}: CheckoutFormProps) {
  const settings = useSettings();
  const enabled = useMemo(() => enabledPayoutMethods(settings.payment_methods), [settings.payment_methods]);
  const fallbackMethod = defaultPayoutMethod(enabled);
  const noMethods = fallbackMethod === null;
  const createOrder = useCreateOrder();
  const inFlight = useRef(false);

  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutFormInput, unknown, CheckoutFormOutput>({
    resolver: zodResolver(ZCheckoutForm),
    // Errors first appear on submit, then update as the seller types: a blur-time error would shift the
    // submit button under the pointer between mousedown and mouseup, and the click would be lost.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      address: '',
      city: '',
      state: '',
      zipCode: '',
      payout: fallbackMethod ? { method: fallbackMethod } : undefined,
    },
  });

  const chosen = useWatch({ control, name: 'payout.method' });
  const method = isPayoutMethod(chosen) ? chosen : undefined;

  // Settings may refresh after the form opened (cached first, then loaded): keep the choice an offered one.
  useEffect(() => {
    const current = getValues('payout.method');
    const offered = [...enabled.traditional, ...enabled.crypto] as string[];
    if (fallbackMethod && !offered.includes(current as string)) setValue('payout.method', fallbackMethod);
  }, [enabled, fallbackMethod, getValues, setValue]);

  const errorOf = (path: string): string | undefined => {
    const message = (get(errors, path) as FieldError | undefined)?.message;
    // Spec 000: the API says 'Invalid PayPal email address', the form 'Invalid email address'.
    return message === messages.checkout.paypalEmail ? messages.checkout.email : message;
  };

  const onSubmit = async (values: CheckoutFormOutput) => {
    // A second click before the button re-renders disabled must not start a second request.
    if (inFlight.current) return;
    inFlight.current = true;
    onError(null);
    const body = createOrderBody(values, items);
    try {
      if (confirmBeforeSubmit && !(await confirmBeforeSubmit())) return;
      const order = await createOrder.mutateAsync({ body, idempotencyKey: checkoutAttemptKey(body) });
      onOrderCreated(order);
    } catch (error) {
      applyServerErrors({ setError, getValues }, error, { fields: FORM_FIELDS });
      onError(bannerMessage(error));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form className="checkout-form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Checkout">
      <PayoutSection enabled={enabled} method={method} register={register} errorOf={errorOf} />

      <fieldset className="card checkout-section">
        <legend className="checkout-section__title">Contact Information</legend>
        <div className="form-grid">
          <TextField
            label="First Name"
            autoComplete="given-name"
            required
            error={errorOf('firstName')}
            {...register('firstName')}
          />
          <TextField
            label="Last Name"
            autoComplete="family-name"
            required
            error={errorOf('lastName')}
            {...register('lastName')}
          />
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            autoCapitalize="off"
            required
            error={errorOf('email')}
            {...register('email')}
          />
          <TextField
            label="Phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="(555) 555-5555"
            required
            error={errorOf('phone')}
            {...withMask(register('phone'), formatPhone)}
          />
        </div>
      </fieldset>

      <fieldset className="card checkout-section">
        <legend className="checkout-section__title">Shipping Address</legend>
        <p className="checkout-section__lead">Where your free prepaid label ships from.</p>
        <TextField
          label="Street Address"
          autoComplete="street-address"
          required
          error={errorOf('address')}
          {...register('address')}
        />
        <div className="form-grid form-grid--address">
          <TextField
            label="City"
            autoComplete="address-level2"
            required
            error={errorOf('city')}
            {...register('city')}
          />
          <TextField
            label="State"
            autoComplete="address-level1"
            autoCapitalize="characters"
            maxLength={2}
            placeholder="TX"
            required
            error={errorOf('state')}
            {...withMask(register('state'), (value) => value.toUpperCase())}
          />
          <TextField
            label="ZIP Code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            required
            error={errorOf('zipCode')}
            {...register('zipCode')}
          />
        </div>
      </fieldset>

      <div className="card checkout-section">
        <CheckboxField
          className="attestation"
          label={ATTESTATION_LABEL}
          required
          error={errors.attestation?.message}
          {...register('attestation')}
        />
      </div>

      <div className="checkout-submit">
        <button
          type="submit"
          className="btn btn--primary btn--lg btn--block"
          disabled={isSubmitting || noMethods || blocked}
          data-testid="checkout-submit"
        >
          {isSubmitting ? (
            <>
              <span className="checkout-spinner" aria-hidden="true" />
              {messages.checkoutPage.submitting}
            </>
          ) : (
            'Complete Sale'
          )}
        </button>
        <p className="checkout-submit__note">
          <ShieldIcon size={18} />
          Your details are sent securely and used only for this sale.
        </p>
      </div>
    </form>
  );
}
