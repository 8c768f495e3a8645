import { EXPIRATION_MONTH_OPTIONS } from '@shared/constants';
import { adminSettingsMessages as m } from '@shared/messages';
import { MAX_ANSWER_DAYS } from '@shared/rules/inspection';
import { payoutMethodLabel } from '@shared/rules/payout';
import {
  ANALYTICS_FEATURES,
  CRYPTO_METHODS,
  EMAIL_NOTIFICATIONS,
  TRADITIONAL_METHODS,
} from '@shared/rules/settings-defaults';
import {
  ANALYTICS_FEATURE_LABELS,
  EMAIL_NOTIFICATION_LABELS,
  isWebUrl,
} from '@shared/schemas/admin-settings-update';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { TextField } from '../../../components/form/field';
import type { SettingsForm } from '../settings-form';
import { CheckGroup, SettingCheckbox, SettingSelect, SettingText } from './fields';
import { type SaveStatus, SettingsCard } from './settings-card';

interface CardProps {
  control: Control<SettingsForm>;
  status: SaveStatus | null;
  saving: boolean;
  onSave: () => void;
}

const MONTHS = EXPIRATION_MONTH_OPTIONS.map((n) => ({ value: n, label: `${n} Months` }));

/** Basic: the general site settings (spec 001 §2). */
export function BasicCard({ control, ...card }: CardProps) {
  const logo = useWatch({ control, name: 'logo' });
  const useLogo = useWatch({ control, name: 'use_logo' });
  return (
    <SettingsCard id="settings-basic" title="Basic Settings" description="General site settings." {...card}>
      <div className="settings-grid">
        <SettingText control={control} name="site_name" label="Site name" keepBlank />
        <SettingText control={control} name="phone_number" label="Phone" type="tel" />
        <SettingText control={control} name="contact_email" label="Contact email" type="email" />
        <SettingText control={control} name="support_phone" label="Support phone" type="tel" />
        <SettingText control={control} name="support_email" label="Support email" type="email" />
      </div>
      <SettingText control={control} name="site_description" label="Site description" keepBlank />
      <SettingCheckbox control={control} name="use_logo" label="Use logo image (instead of the site name)" />
      <SettingText control={control} name="logo" label="Logo image URL" type="url" hint={m.logoHint} />
      {useLogo && logo && isWebUrl(logo) && (
        <div className="settings-logo-preview">
          <img src={logo} alt="Logo preview" width={200} height={50} />
        </div>
      )}
    </SettingsCard>
  );
}

/** Product: catalogue options and the minimum expiration rules shown to sellers. */
export function ProductCard({ control, ...card }: CardProps) {
  return (
    <SettingsCard id="settings-product" title="Product Settings" {...card}>
      <div className="settings-grid">
        <SettingSelect
          control={control}
          name="teststrips_expiration"
          label="Minimum expiration for test strips"
          options={MONTHS}
          emptyLabel="Not set"
        />
        <SettingSelect
          control={control}
          name="cgmsupplies_expiration"
          label="Minimum expiration for CGM supplies"
          options={MONTHS}
          emptyLabel="Not set"
        />
      </div>
      <CheckGroup legend="Catalogue">
        <SettingCheckbox control={control} name="product_settings.allowBackorders" label="Allow backorders" />
        <SettingCheckbox control={control} name="product_settings.showStockLevel" label="Show stock level" />
        <SettingCheckbox control={control} name="product_settings.enableReviews" label="Enable reviews" />
        <SettingCheckbox
          control={control}
          name="product_settings.requireApproval"
          label="Require approval for reviews"
        />
      </CheckGroup>
      <LowStockField control={control} />
      <AnswerDaysField control={control} />
    </SettingsCard>
  );
}

/** A count; an empty box is NaN, which the schema refuses with its message. */
function LowStockField({ control }: { control: Control<SettingsForm> }) {
  return (
    <Controller
      control={control}
      name="product_settings.lowStockThreshold"
      render={({ field, fieldState }) => (
        <TextField
          label="Low stock threshold"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          name={field.name}
          ref={field.ref}
          value={Number.isNaN(field.value) ? '' : String(field.value)}
          onChange={(e) => field.onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          className="settings-narrow"
        />
      )}
    />
  );
}

/** Receiving (issue 40): the days a seller has to answer an inspection before silence accepts it, 1 to 60. */
function AnswerDaysField({ control }: { control: Control<SettingsForm> }) {
  return (
    <Controller
      control={control}
      name="inspection_answer_days"
      render={({ field, fieldState }) => (
        <TextField
          label={m.answerDaysLabel}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_ANSWER_DAYS}
          step={1}
          name={field.name}
          ref={field.ref}
          value={Number.isNaN(field.value) ? '' : String(field.value)}
          onChange={(e) => field.onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
          onBlur={field.onBlur}
          hint={m.answerDaysHint}
          error={fieldState.error?.message}
          className="settings-narrow"
          data-testid="answer-days"
        />
      )}
    />
  );
}

interface PaymentProps {
  control: Control<SettingsForm>;
  status: SaveStatus | null;
  onToggle: (path: string[]) => void;
}

/** Payment Methods: each box saves at once (spec 001 §2); checkout offers exactly the ones on. */
export function PaymentMethodsCard({ control, status, onToggle }: PaymentProps) {
  return (
    <SettingsCard
      id="settings-payment"
      title="Payment Methods"
      description="Payout methods offered to sellers at checkout. Each change is saved at once."
      status={status}
    >
      <CheckGroup legend="Traditional">
        {TRADITIONAL_METHODS.map((method) => (
          <SettingCheckbox
            key={method}
            control={control}
            name={`payment_methods.traditional.${method}`}
            label={payoutMethodLabel(method)}
            onToggle={() => onToggle(['payment_methods', 'traditional', method])}
          />
        ))}
      </CheckGroup>
      <CheckGroup legend="Crypto">
        {CRYPTO_METHODS.map((method) => (
          <SettingCheckbox
            key={method}
            control={control}
            name={`payment_methods.crypto.${method}`}
            label={payoutMethodLabel(method)}
            onToggle={() => onToggle(['payment_methods', 'crypto', method])}
          />
        ))}
      </CheckGroup>
    </SettingsCard>
  );
}

/** Notification: one box per e-mail notification type. */
export function NotificationCard({ control, ...card }: CardProps) {
  return (
    <SettingsCard id="settings-notification" title="Notification Settings" {...card}>
      <CheckGroup legend="Email notifications">
        {EMAIL_NOTIFICATIONS.map((type) => (
          <SettingCheckbox
            key={type}
            control={control}
            name={`notifications.email.${type}`}
            label={EMAIL_NOTIFICATION_LABELS[type]}
          />
        ))}
      </CheckGroup>
    </SettingsCard>
  );
}

/** Contact: shown on the public contact page and in the footer. */
export function ContactCard({ control, ...card }: CardProps) {
  return (
    <SettingsCard
      id="settings-contact"
      title="Contact Information"
      description="Shown on the public contact page."
      {...card}
    >
      <div className="settings-grid">
        <SettingText control={control} name="phone_number" label="Phone number" type="tel" />
        <SettingText control={control} name="contact_email" label="Contact email address" type="email" />
        <SettingText control={control} name="contact.social.facebook" label="Facebook" type="url" />
        <SettingText control={control} name="contact.social.twitter" label="Twitter" type="url" />
        <SettingText control={control} name="contact.social.instagram" label="Instagram" type="url" />
        <SettingText control={control} name="contact.social.linkedin" label="LinkedIn" type="url" />
      </div>
    </SettingsCard>
  );
}

/** Analytics: the GA4 measurement id and the reports the owner wants. */
export function AnalyticsCard({ control, ...card }: CardProps) {
  const gaId = useWatch({ control, name: 'analytics.gaId' });
  return (
    <SettingsCard id="settings-analytics" title="Analytics" {...card}>
      <SettingText
        control={control}
        name="analytics.gaId"
        label="Measurement ID"
        placeholder="G-XXXXXXXXXX"
      />
      <CheckGroup legend="Features">
        {ANALYTICS_FEATURES.map((feature) => (
          <SettingCheckbox
            key={feature}
            control={control}
            name={`analytics.features.${feature}`}
            label={ANALYTICS_FEATURE_LABELS[feature]}
          />
        ))}
      </CheckGroup>
      {gaId?.trim() && <p className="notice notice--info settings-reminder">{m.analyticsReminder}</p>}
    </SettingsCard>
  );
}
