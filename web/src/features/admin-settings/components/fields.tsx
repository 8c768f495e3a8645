import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPathByValue } from 'react-hook-form';
import { CheckboxField, SelectField, TextField } from '../../../components/form/field';
import type { SettingsForm } from '../settings-form';

type TextPath = FieldPathByValue<SettingsForm, string | null>;
type FlagPath = FieldPathByValue<SettingsForm, boolean>;
type NumberPath = FieldPathByValue<SettingsForm, number | null>;

interface TextProps {
  control: Control<SettingsForm>;
  name: TextPath;
  label: string;
  type?: 'text' | 'email' | 'url' | 'tel' | 'password';
  placeholder?: string;
  hint?: string;
  autoComplete?: string;
  /** A setting that is text even when blank (the description), or required (the site name). */
  keepBlank?: boolean;
}

/**
 * A text setting: blank is "not set" (null). Controlled, so one setting can be edited from two cards (the
 * contact phone and e-mail sit in Basic and in Contact) and both show the same value.
 */
export function SettingText({
  control,
  name,
  label,
  type = 'text',
  placeholder,
  hint,
  autoComplete,
  keepBlank,
}: TextProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          type={type}
          name={field.name}
          ref={field.ref}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(keepBlank ? e.target.value : e.target.value || null)}
          onBlur={field.onBlur}
          placeholder={placeholder}
          hint={hint}
          autoComplete={autoComplete ?? 'off'}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

interface CheckboxProps {
  control: Control<SettingsForm>;
  name: FlagPath;
  label: string;
  /** Called after the box changed, for switches that save at once. */
  onToggle?: (checked: boolean) => void;
  disabled?: boolean;
}

export function SettingCheckbox({ control, name, label, onToggle, disabled }: CheckboxProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="settings-check">
          <CheckboxField
            label={label}
            className="settings-check__row"
            name={field.name}
            ref={field.ref}
            checked={field.value}
            disabled={disabled}
            onChange={(e) => {
              field.onChange(e.target.checked);
              onToggle?.(e.target.checked);
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        </div>
      )}
    />
  );
}

interface SelectProps {
  control: Control<SettingsForm>;
  name: NumberPath;
  label: string;
  options: ReadonlyArray<{ value: number; label: string }>;
  emptyLabel: string;
}

/** A choice of numbers with a "not set" option (null). */
export function SettingSelect({ control, name, label, options, emptyLabel }: SelectProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SelectField
          options={options}
          label={label}
          name={field.name}
          ref={field.ref}
          value={field.value === null ? '' : String(field.value)}
          onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        >
          <option value="">{emptyLabel}</option>
        </SelectField>
      )}
    />
  );
}

/** A group of checkboxes with its legend. */
export function CheckGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="settings-group">
      <legend>{legend}</legend>
      <div className="settings-group__items">{children}</div>
    </fieldset>
  );
}
