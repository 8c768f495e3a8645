import { adminSettingsMessages as m } from '@shared/messages';
import type { SecretSetting } from '@shared/rules/settings-defaults';
import type { SecretStatus } from '@shared/schemas/admin-settings';
import { useId } from 'react';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { RadioGroup } from '../../../components/form/radio-group';
import { AlertIcon, CheckCircleIcon } from '../../../components/icons';
import type { SettingsForm } from '../settings-form';
import { SettingText } from './fields';
import { type SaveStatus, SettingsCard, StatusLine } from './settings-card';

const masked = (status: SecretStatus): string =>
  status.set ? (status.last4 ? `•••• ${status.last4}` : 'Set') : m.secretNotSet;

const MODES = [
  { value: 'test', label: 'Test Mode' },
  { value: 'production', label: 'Production Mode' },
];

const CREDENTIALS: ReadonlyArray<{ name: SecretSetting; label: string }> = [
  { name: 'easypost_test_api', label: 'Test API key' },
  { name: 'easypost_prod_api', label: 'Production API key' },
  { name: 'carrier_id', label: 'Carrier account ID' },
];

interface ShippingCardProps {
  control: Control<SettingsForm>;
  secrets: Record<SecretSetting, SecretStatus>;
  status: SaveStatus | null;
  modeStatus: SaveStatus | null;
  saving: boolean;
  modeSaving: boolean;
  onSave: () => void;
  onModeChange: () => void;
}

/** The label provider's mode (saved on click), write-only credentials and the warehouse address. */
export function ShippingCard({
  control,
  secrets,
  status,
  modeStatus,
  saving,
  modeSaving,
  onSave,
  onModeChange,
}: ShippingCardProps) {
  const production = useWatch({ control, name: 'easypost_use_production' });
  const noteId = useId();
  return (
    <SettingsCard
      id="settings-shipping"
      title="Shipping Settings"
      status={status}
      saving={saving}
      onSave={onSave}
    >
      <Controller
        control={control}
        name="easypost_use_production"
        render={({ field }) => (
          <RadioGroup
            legend="Shipping mode"
            variant="segmented"
            className="settings-mode"
            describedBy={noteId}
            options={MODES}
            name={field.name}
            value={field.value ? 'production' : 'test'}
            disabled={modeSaving}
            onChange={(event) => {
              field.onChange(event.target.value === 'production');
              onModeChange();
            }}
          />
        )}
      />
      <div id={noteId}>
        {production ? (
          <p className="settings-mode-note settings-mode-note--production" data-testid="shipping-mode-note">
            <CheckCircleIcon size={18} />
            {m.productionMessage}
          </p>
        ) : (
          <p className="settings-mode-note settings-mode-note--test" data-testid="shipping-mode-note">
            <AlertIcon size={18} />
            {m.testModeWarning}
          </p>
        )}
      </div>
      <StatusLine status={modeStatus} testId="shipping-mode-status" />

      <h3 className="settings-subtitle">API credentials</h3>
      <div className="settings-grid">
        {CREDENTIALS.map(({ name, label }) => (
          <SettingText
            key={name}
            control={control}
            name={name}
            label={label}
            type="password"
            keepBlank
            autoComplete="new-password"
            placeholder={masked(secrets[name])}
            hint={`Currently: ${masked(secrets[name])}. ${m.secretKeep}`}
          />
        ))}
      </div>

      <h3 className="settings-subtitle">Warehouse address</h3>
      <div className="settings-grid">
        <SettingText control={control} name="warehouse_company" label="Company" />
        <SettingText control={control} name="warehouse_street" label="Street" />
        <SettingText control={control} name="warehouse_city" label="City" />
        <SettingText control={control} name="warehouse_state" label="State" />
        <SettingText control={control} name="warehouse_zip" label="ZIP" />
        <SettingText control={control} name="warehouse_phone" label="Phone" type="tel" />
      </div>
    </SettingsCard>
  );
}
