import { type ComponentProps, type ReactNode, useId } from 'react';
import './field.css';

/** What a field gives its control: the id its label points at, and the ARIA that ties the hint and error to it. */
export interface FieldControlProps {
  id: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export type FieldLayout = 'stacked' | 'compact' | 'inline';

export interface FieldProps {
  label: string;
  /** The schema's (or the server's) message, shown under the control and announced with it. */
  error?: string;
  /** Help under the control, read after the label. */
  hint?: ReactNode;
  /** The control's id; the hint and error get `<id>-hint` and `<id>-error`. Generated when absent. */
  id?: string;
  /** Marks the control required (the marker is drawn by CSS, so the label text stays as written). */
  required?: boolean;
  /** Ids of other elements that describe the control (a legend of variables), read before the hint. */
  describedBy?: string;
  /** The wrapper's class (the control's own is `controlClassName`). */
  className?: string;
  /**
   * `stacked` (the default): label over control, space under the field. `compact`: the same without that space,
   * for toolbars and grids that space their own cells. `inline`: label beside the control, no space under.
   */
  layout?: FieldLayout;
  /** The label is read, not shown (a list's search box or a row's status select): visually hidden. */
  hideLabel?: boolean;
  /** The label's own class, beside `visually-hidden` when `hideLabel`. */
  labelClassName?: string;
  /**
   * The error is announced when it appears (`role="alert"`): for a field that saves on its own, where no submit
   * moves focus to it.
   */
  alertError?: boolean;
  /** Shown under the hint and error, inside the field (e.g. a 'Saving…' / 'Saved' status of its own). */
  after?: ReactNode;
  /** Renders the control with the props it is given. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The ids a field's control, hint and error use, and what the control's aria-describedby lists. */
export function fieldIds(id: string, hasHint: boolean, error: string | undefined, others?: string) {
  const hintId = hasHint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { hintId, errorId, describedBy: [others, hintId, errorId].filter(Boolean).join(' ') || undefined };
}

const fieldClass = (
  error: string | undefined,
  required: boolean | undefined,
  layout: FieldLayout,
  className?: string,
) =>
  [
    'field',
    layout === 'stacked' ? '' : `field--${layout}`,
    error ? 'field--invalid' : '',
    required ? 'field--required' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');

/** A field's hint and error under its control, with the ids its `aria-describedby` names. */
function FieldNotes(props: {
  hintId?: string;
  hint?: ReactNode;
  errorId?: string;
  error?: string;
  alertError?: boolean;
}) {
  return (
    <>
      {props.hintId && (
        <p id={props.hintId} className="field__hint">
          {props.hint}
        </p>
      )}
      {props.errorId && (
        <p id={props.errorId} className="field__error" role={props.alertError ? 'alert' : undefined}>
          {props.error}
        </p>
      )}
    </>
  );
}

/**
 * One labelled control with its hint and error: the label names the control (`for`), the hint and the error
 * describe it (`aria-describedby`, hint first), and an error sets `aria-invalid`. Every form uses this (or one
 * of the fields below), so they all look, read and announce alike.
 */
export function Field({
  label,
  error,
  hint,
  id,
  required,
  describedBy: others,
  className,
  layout = 'stacked',
  hideLabel,
  labelClassName,
  alertError,
  after,
  children,
}: FieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hasHint = hint !== undefined && hint !== null;
  const { hintId, errorId, describedBy } = fieldIds(controlId, hasHint, error, others);
  const labelClass = [hideLabel ? 'visually-hidden' : '', labelClassName].filter(Boolean).join(' ');
  return (
    <div className={fieldClass(error, required, layout, className)}>
      <label htmlFor={controlId} className={labelClass || undefined}>
        {label}
      </label>
      {children({
        id: controlId,
        required: required || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} alertError={alertError} />
      {after}
    </div>
  );
}

type Own = Omit<FieldProps, 'children'> & { controlClassName?: string };
type Native<E extends 'input' | 'textarea' | 'select'> = Omit<
  ComponentProps<E>,
  'id' | 'required' | 'className'
>;

/** The props a field keeps for itself (every other prop goes to its control): each one of FieldProps. */
const FIELD_PROPS = [
  'label',
  'error',
  'hint',
  'id',
  'required',
  'describedBy',
  'className',
  'layout',
  'hideLabel',
  'labelClassName',
  'alertError',
  'after',
] as const satisfies readonly (keyof Own)[];
// A prop added to FieldProps and not listed above would reach the DOM control: this fails to compile then.
type Unlisted = Exclude<keyof Own, (typeof FIELD_PROPS)[number] | 'controlClassName'>;
const allListed: [Unlisted] extends [never] ? true : Unlisted = true;
void allListed;

/** Splits a field's own props from those of its control. */
function split<P extends Own>({ controlClassName, ...props }: P) {
  const field: Record<string, unknown> = {};
  const control: Record<string, unknown> = {};
  const own: readonly string[] = FIELD_PROPS;
  for (const [key, value] of Object.entries(props)) (own.includes(key) ? field : control)[key] = value;
  return {
    field: field as Omit<FieldProps, 'children'>,
    controlClassName,
    control: control as Omit<P, keyof Own>,
  };
}

/** A labelled input; spread a react-hook-form registration into it. */
export function TextField(props: Own & Native<'input'>) {
  const { field, controlClassName, control } = split(props);
  return (
    <Field {...field}>
      {(aria) => <input type="text" className={controlClassName} {...aria} {...control} />}
    </Field>
  );
}

/** A labelled textarea. */
export function TextAreaField(props: Own & Native<'textarea'>) {
  const { field, controlClassName, control } = split(props);
  return (
    <Field {...field}>{(aria) => <textarea className={controlClassName} {...aria} {...control} />}</Field>
  );
}

/** A select's choice: a value shown as written, or a value with its label. */
export type SelectOption = string | number | { readonly value: string | number; readonly label: string };

/**
 * A labelled select. Its options are `options` (each value as written, or `{ value, label }`), after any
 * children (a leading 'All' or placeholder option).
 */
export function SelectField({
  options,
  ...props
}: Own & Native<'select'> & { options?: readonly SelectOption[] }) {
  const { field, controlClassName, control } = split(props);
  const { children, ...rest } = control;
  return (
    <Field {...field}>
      {(aria) => (
        <select className={controlClassName} {...aria} {...rest}>
          {children}
          {options?.map((option) => {
            const { value, label } =
              typeof option === 'object' ? option : { value: option, label: String(option) };
            return (
              <option key={value} value={value}>
                {label}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}

/**
 * A checkbox with its label after it (label `for`, error tied with aria-describedby). `className` is the
 * row's class; the error shows under the row. `describedBy` and `alertError` work as in `Field`.
 */
export function CheckboxField({
  label,
  error,
  hint,
  id,
  required,
  className,
  describedBy: others,
  alertError,
  ...input
}: Omit<Own, 'label' | 'layout' | 'hideLabel' | 'labelClassName' | 'after' | 'controlClassName'> & {
  label: ReactNode;
} & Omit<ComponentProps<'input'>, 'id' | 'required' | 'className' | 'type'>) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const { hintId, errorId, describedBy } = fieldIds(
    controlId,
    hint !== undefined && hint !== null,
    error,
    others,
  );
  return (
    <>
      <div className={[className, error ? 'field--invalid' : ''].filter(Boolean).join(' ') || undefined}>
        <input
          id={controlId}
          type="checkbox"
          required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        <label htmlFor={controlId}>{label}</label>
      </div>
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} alertError={alertError} />
    </>
  );
}
