import { messages } from '@shared/messages';
import { type EnabledPayoutMethods, payoutMethodDisplay } from '@shared/rules/payout';
import type { PayoutMethod } from '@shared/rules/settings-defaults';
import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { TextField } from '../../../components/form/field';
import { RadioGroup } from '../../../components/form/radio-group';
import { AlertIcon, InfoIcon } from '../../../components/icons';
import type { CheckoutFormInput } from '../checkout-form-types';
import { PAYOUT_FIELDS } from '../payout-fields';

interface PayoutSectionProps {
  enabled: EnabledPayoutMethods;
  method: PayoutMethod | undefined;
  register: UseFormRegister<CheckoutFormInput>;
  errorOf: (path: string) => string | undefined;
}

function MethodGroup({
  legend,
  methods,
  register,
}: {
  legend: string;
  methods: PayoutMethod[];
  register: UseFormRegister<CheckoutFormInput>;
}) {
  if (methods.length === 0) return null;
  return (
    <RadioGroup
      legend={legend}
      legendClassName="payout-choice__legend"
      className="payout-choice"
      options={methods.map((method) => ({ value: method, label: payoutMethodDisplay(method) }))}
      {...register('payout.method')}
    />
  );
}

/** The payout method (only those enabled in settings, in two groups) and the details the chosen one needs. */
export function PayoutSection({ enabled, method, register, errorOf }: PayoutSectionProps) {
  const methodErrorId = useId();
  const none = enabled.traditional.length + enabled.crypto.length === 0;
  const methodError = errorOf('payout.method');

  return (
    <fieldset
      className="card checkout-section"
      aria-describedby={methodError ? methodErrorId : undefined}
      data-testid="payout-section"
    >
      <legend className="checkout-section__title">Payout Method</legend>
      <p className="checkout-section__lead">How would you like to be paid?</p>
      {none ? (
        <div className="notice notice--warning" role="alert">
          <AlertIcon size={20} />
          <p>{messages.payout.noneAvailable}</p>
        </div>
      ) : (
        <>
          <MethodGroup legend="Traditional" methods={enabled.traditional} register={register} />
          <MethodGroup legend="Cryptocurrency" methods={enabled.crypto} register={register} />
          {methodError && (
            <p id={methodErrorId} className="field__error">
              {methodError}
            </p>
          )}
        </>
      )}

      {method === 'check' && (
        <div className="notice notice--info payout-note">
          <InfoIcon size={20} />
          <p>We mail the check to your shipping address below once your box has been checked in.</p>
        </div>
      )}
      {method &&
        PAYOUT_FIELDS[method].map((field) => {
          const path = `payout.${field.name}` as const;
          return (
            <TextField
              // A new method mounts fresh inputs; the old ones unregister, so only the chosen method's
              // fields reach the schema's discriminated union.
              key={`${method}-${field.name}`}
              label={field.label}
              type={field.type}
              inputMode={field.inputMode}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
              hint={field.hint}
              spellCheck={false}
              autoCapitalize="off"
              required
              error={errorOf(path)}
              {...register(path, { shouldUnregister: true })}
            />
          );
        })}
    </fieldset>
  );
}
