import { type ComponentProps, type ReactNode, useId } from 'react';
import './field.css';

/** What a field gives its control: the id its label points at, and the ARIA that ties the hint and error to it. */
export interface FieldControlProps {
  id: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

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
  /** Renders the control with the props it is given. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The ids a field's control, hint and error use, and what the control's aria-describedby lists. */
export function fieldIds(id: string, hasHint: boolean, error: string | undefined, others?: string) {
  const hintId = hasHint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { hintId, errorId, describedBy: [others, hintId, errorId].filter(Boolean).join(' ') || undefined };
}

const fieldClass = (error: string | undefined, required: boolean | undefined, className?: string) =>
  ['field', error ? 'field--invalid' : '', required ? 'field--required' : '', className]
    .filter(Boolean)
    .join(' ');

/** A field's hint and error under its control, with the ids its `aria-describedby` names. */
function FieldNotes(props: { hintId?: string; hint?: ReactNode; errorId?: string; error?: string }) {
  return (
    <>
      {props.hintId && (
        <p id={props.hintId} className="field__hint">
          {props.hint}
        </p>
      )}
      {props.errorId && (
        <p id={props.errorId} className="field__error">
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
  children,
}: FieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hasHint = hint !== undefined && hint !== null;
  const { hintId, errorId, describedBy } = fieldIds(controlId, hasHint, error, others);
  return (
    <div className={fieldClass(error, required, className)}>
      <label htmlFor={controlId}>{label}</label>
      {children({
        id: controlId,
        required: required || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

type Own = Omit<FieldProps, 'children'> & { controlClassName?: string };
type Native<E extends 'input' | 'textarea' | 'select'> = Omit<
  ComponentProps<E>,
  'id' | 'required' | 'className'
>;

/** Splits a field's own props from those of its control. */
function split<P extends Own>({
  label,
  error,
  hint,
  id,
  required,
  describedBy,
  className,
  controlClassName,
  ...control
}: P) {
  return { field: { label, error, hint, id, required, describedBy, className }, controlClassName, control };
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

/** A labelled select; its options are the children. */
export function SelectField(props: Own & Native<'select'>) {
  const { field, controlClassName, control } = split(props);
  return <Field {...field}>{(aria) => <select className={controlClassName} {...aria} {...control} />}</Field>;
}

/**
 * A checkbox with its label after it (label `for`, error tied with aria-describedby). `className` is the
 * row's class; the error shows under the row.
 */
export function CheckboxField({
  label,
  error,
  hint,
  id,
  required,
  className,
  ...input
}: Omit<Own, 'label'> & { label: ReactNode } & Omit<
    ComponentProps<'input'>,
    'id' | 'required' | 'className' | 'type'
  >) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const { hintId, errorId, describedBy } = fieldIds(controlId, hint !== undefined && hint !== null, error);
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
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </>
  );
}
