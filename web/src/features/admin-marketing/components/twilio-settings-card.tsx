import { adminSmsMessages as m } from '@shared/messages';
import {
  type SmsSettings,
  type UpdateSmsSettingsRequest,
  ZUpdateSmsSettingsRequest,
} from '@shared/schemas/admin-sms';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { CheckboxField, TextField } from '../../../components/form/field';
import { useUpdateSmsSettings } from '../api/sms-settings';
import { fieldMessages, MarketingCard, type Outcome, refusalMessage, useOutcome } from './marketing-card';

/** Spec 001 §9: a saved message lasts 3 seconds. */
const SAVED_MESSAGE_MS = 3000;

type TextSetting = 'accountSid' | 'authToken' | 'phoneNumber' | 'messageFooter';

/** The same check the server makes on this one field, so a bad value is refused here with its message. */
function localError(field: TextSetting, value: string): string | null {
  const result = ZUpdateSmsSettingsRequest.safeParse({ [field]: value });
  return result.success ? null : (result.error.issues[0]?.message ?? m.invalidSettings);
}

/** Saves a part of the configuration and turns the answer into the field's outcome. */
function useSaveSetting() {
  const mutation = useUpdateSmsSettings();
  return async (
    body: UpdateSmsSettingsRequest,
    field: keyof UpdateSmsSettingsRequest,
  ): Promise<{ saved: SmsSettings } | { error: string }> => {
    try {
      return { saved: await mutation.mutateAsync(body) };
    } catch (error) {
      return { error: fieldMessages(error)[field] ?? refusalMessage(error, m.settingSaveFailed) };
    }
  };
}

interface TextSettingProps {
  field: TextSetting;
  label: string;
  /** What the server holds; the write-only token has none to show. */
  stored: string;
  type?: 'text' | 'tel' | 'password';
  hint?: string;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'tel' | 'text';
  writeOnly?: boolean;
  maxLength?: number;
}

/**
 * One setting saved on its own when the field is left (or Enter is pressed) with a changed value; 'Saved' or
 * the server's message for this field shows under it. The write-only token starts empty and empties again
 * once saved: its hint says only whether one is set.
 */
function TextSettingField({
  field,
  label,
  stored,
  type = 'text',
  hint,
  placeholder,
  autoComplete = 'off',
  inputMode,
  writeOnly = false,
  maxLength,
}: TextSettingProps) {
  const id = useId();
  const save = useSaveSetting();
  const [draft, setDraft] = useState(writeOnly ? '' : stored);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useOutcome(SAVED_MESSAGE_MS);
  const lastSaved = useRef(writeOnly ? '' : stored);

  const commit = async () => {
    const value = draft.trim();
    if (saving || value === lastSaved.current.trim()) return;
    const invalid = localError(field, value);
    if (invalid) {
      setOutcome({ tone: 'error', text: invalid });
      return;
    }
    setSaving(true);
    setOutcome(null);
    const result = await save({ [field]: value }, field);
    setSaving(false);
    if ('error' in result) {
      setOutcome({ tone: 'error', text: result.error });
      return;
    }
    const next = writeOnly ? '' : (result.saved[field as Exclude<TextSetting, 'authToken'>] ?? value);
    lastSaved.current = next;
    setDraft(next);
    setOutcome({ tone: 'success', text: m.settingSaved });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit();
    }
  };

  const statusId = `${id}-status`;
  // A refusal (this page's check, or the server's message for this field) is the field's error.
  const error = outcome?.tone === 'error' ? outcome.text : undefined;
  return (
    <TextField
      id={id}
      label={label}
      hint={hint}
      error={error}
      alertError
      describedBy={statusId}
      className="marketing-field"
      after={
        <div id={statusId}>
          <FieldOutcome outcome={outcome} saving={saving} testId={`sms-${field}-status`} />
        </div>
      }
      type={type}
      name={field}
      value={draft}
      placeholder={placeholder}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={maxLength}
      spellCheck={false}
      aria-busy={saving || undefined}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => void commit()}
      onKeyDown={onKeyDown}
    />
  );
}

/** 'Saving…' while a save is under way, then 'Saved' (a refusal is the field's error, shown by the kit). */
function FieldOutcome({
  outcome,
  saving,
  testId,
}: {
  outcome: Outcome | null;
  saving: boolean;
  testId: string;
}) {
  return (
    <div aria-live="polite" className="marketing-field__status">
      {saving ? (
        <p className="marketing-field__saving">Saving…</p>
      ) : (
        outcome?.tone === 'success' && (
          <p className="marketing-field__saved" role="status" data-testid={testId}>
            {outcome.text}
          </p>
        )
      )}
    </div>
  );
}

/** The enable switch, saved on each change; a refused save puts it back and shows the refusal under it. */
function EnableSetting({ stored }: { stored: boolean }) {
  const id = useId();
  const save = useSaveSetting();
  const [checked, setChecked] = useState(stored);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useOutcome(SAVED_MESSAGE_MS);

  const toggle = async (next: boolean) => {
    setChecked(next);
    setSaving(true);
    setOutcome(null);
    const result = await save({ isEnabled: next }, 'isEnabled');
    setSaving(false);
    if ('error' in result) {
      setChecked(!next);
      setOutcome({ tone: 'error', text: result.error });
    } else {
      setChecked(result.saved.isEnabled);
      setOutcome({ tone: 'success', text: m.settingSaved });
    }
  };

  const statusId = `${id}-status`;
  return (
    <div className="marketing-check">
      <CheckboxField
        id={id}
        label={m.enabled}
        className="marketing-check__row"
        name="isEnabled"
        checked={checked}
        disabled={saving}
        describedBy={statusId}
        error={outcome?.tone === 'error' ? outcome.text : undefined}
        alertError
        onChange={(event) => void toggle(event.target.checked)}
      />
      <div id={statusId}>
        <FieldOutcome outcome={outcome} saving={saving} testId="sms-isEnabled-status" />
      </div>
    </div>
  );
}

/** Spec 001 §2 SMS marketing, Configuration: each field saved on its own, the auth token write-only. */
export function TwilioSettingsCard({ settings }: { settings: SmsSettings }) {
  const tokenState = settings.authTokenSet ? m.tokenSet : m.tokenNotSet;
  return (
    <MarketingCard id="sms-settings" title={m.settingsTitle}>
      <EnableSetting stored={settings.isEnabled} />
      <div className="marketing-grid">
        <TextSettingField
          field="accountSid"
          label={m.accountSid}
          stored={settings.accountSid}
          placeholder="AC…"
        />
        <TextSettingField
          field="authToken"
          label={m.authToken}
          stored=""
          type="password"
          writeOnly
          autoComplete="new-password"
          placeholder={tokenState}
          hint={`Currently: ${tokenState}. Type a new token to replace it.`}
        />
        <TextSettingField
          field="phoneNumber"
          label={m.phoneNumber}
          stored={settings.phoneNumber}
          type="tel"
          inputMode="tel"
          placeholder="+15551234567"
          hint="The Twilio number messages are sent from, in E.164 format."
        />
        <TextSettingField
          field="messageFooter"
          label={m.messageFooter}
          stored={settings.messageFooter}
          hint={`Added under every marketing message, e.g. '${m.defaultOptOut}'.`}
        />
      </div>
      <p className="marketing-card__note">
        Sent today: {settings.sentToday} of {settings.rateLimitPerDay} (daily limit). Failed sends are retried
        up to {settings.retryAttempts} times.
      </p>
    </MarketingCard>
  );
}
