import { type ComponentProps, type ReactNode, useId } from 'react';
import { fieldIds } from './field';
import './field.css';

export interface RadioOption {
  value: string;
  label: ReactNode;
}

type RadioGroupProps = {
  /** Names the group (the fieldset's legend). */
  legend: ReactNode;
  options: readonly RadioOption[];
  /** Every radio's name: the browser groups them by it (one choice; the arrow keys move between them). */
  name: string;
  /** The chosen value when the group is controlled; with a react-hook-form registration the form keeps it. */
  value?: string | null;
  /** The schema's (or the server's) message, under the options, describing the group. */
  error?: string;
  /** Help under the legend, describing the group. */
  hint?: ReactNode;
  /** Ids of other elements that describe the group, read before the hint. */
  describedBy?: string;
  /** The error is announced when it appears (a group that saves on its own, where no submit moves focus). */
  alertError?: boolean;
  /**
   * `cards` (the default): each option a bordered box, the chosen one filled. `segmented`: the options side by
   * side in one bar, the chosen one filled (a mode switch).
   */
  variant?: 'cards' | 'segmented';
  /** The fieldset's class, beside the kit's. */
  className?: string;
  /** The legend's class, instead of the kit's. */
  legendClassName?: string;
} & Omit<
  ComponentProps<'input'>,
  'type' | 'value' | 'defaultValue' | 'checked' | 'defaultChecked' | 'id' | 'className' | 'children' | 'name'
>;

/**
 * One choice among a few, as native radios in a fieldset named by its legend: the browser's own keyboard
 * behaviour (Tab into the group, the arrow keys move the choice), the base focus ring on the radio and its box,
 * and the hint and error tied to the group with aria-describedby. Spread a react-hook-form registration into it
 * (its name, onChange, onBlur and ref go to every radio), or control it with `value` and `onChange`.
 */
export function RadioGroup({
  legend,
  options,
  name,
  value,
  error,
  hint,
  describedBy: others,
  alertError,
  variant = 'cards',
  className,
  legendClassName,
  ...input
}: RadioGroupProps) {
  const id = useId();
  const { hintId, errorId, describedBy } = fieldIds(id, hint !== undefined && hint !== null, error, others);
  const groupClass = [
    'radio-group',
    `radio-group--${variant}`,
    error ? 'field--invalid' : '',
    input.required ? 'radio-group--required' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset className={groupClass} aria-describedby={describedBy}>
      <legend className={legendClassName ?? 'radio-group__legend'}>{legend}</legend>
      {hintId && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <div className="radio-group__options">
        {options.map((option, index) => (
          <label key={option.value} className="radio-option" htmlFor={`${id}-${index}`}>
            <input
              {...input}
              id={`${id}-${index}`}
              type="radio"
              name={name}
              value={option.value}
              checked={value === undefined ? undefined : value === option.value}
            />
            <span className="radio-option__label">{option.label}</span>
          </label>
        ))}
      </div>
      {errorId && (
        <p id={errorId} className="field__error" role={alertError ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
