import { zodResolver } from '@hookform/resolvers/zod';
import { adminEmailMessages as m } from '@shared/messages';
import {
  type EmailSenderCheck,
  type EmailSettings,
  type SaveEmailSettingsRequest,
  ZSaveEmailSettingsRequest,
} from '@shared/schemas/admin-email';
import { type Resolver, useForm } from 'react-hook-form';
import { CheckboxField, TextField } from '../../../components/form/field';
import { AlertIcon, CheckCircleIcon } from '../../../components/icons';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSaveEmailSettings } from '../api/email-settings';
import { MarketingCard, ResultLine, refusalMessage, useOutcome } from './marketing-card';

/** Spec 001 §9: a saved message lasts 3 seconds. */
const SAVED_MESSAGE_MS = 3000;

interface EmailSettingsForm {
  isEnabled: boolean;
  fromEmail: string;
  replyTo: string;
}

const toForm = (s: EmailSettings): EmailSettingsForm => ({
  isEnabled: s.isEnabled,
  fromEmail: s.fromEmail,
  replyTo: s.replyTo ?? '',
});

/** SES's answer about the sender: verified in green, otherwise what staff should do. */
export function SenderCheck({ sender }: { sender: EmailSenderCheck }) {
  if (sender.status === 'verified')
    return (
      <p className="marketing-note marketing-note--success" data-testid="email-sender-check">
        <CheckCircleIcon size={18} />
        {m.senderVerified}
      </p>
    );
  return (
    <p
      className={`marketing-note ${sender.status === 'unknown' ? 'marketing-note--warning' : 'marketing-note--error'}`}
      data-testid="email-sender-check"
    >
      <AlertIcon size={18} />
      {sender.message ?? (sender.status === 'unknown' ? m.senderUnverifiable : m.fromMissing)}
    </p>
  );
}

/** Spec 001 §2 Email settings: enable switch, from, optional reply-to, Save (the whole card at once). */
export function EmailSettingsCard({ settings }: { settings: EmailSettings }) {
  const save = useSaveEmailSettings();
  const [outcome, setOutcome] = useOutcome(SAVED_MESSAGE_MS);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors },
  } = useForm<EmailSettingsForm, unknown, SaveEmailSettingsRequest>({
    // The save route's own schema: the same messages as the server's.
    resolver: zodResolver(ZSaveEmailSettingsRequest) as unknown as Resolver<
      EmailSettingsForm,
      unknown,
      SaveEmailSettingsRequest
    >,
    defaultValues: toForm(settings),
  });

  const submit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const saved = await save.mutateAsync({
        ...values,
        replyTo: values.replyTo?.trim() ? values.replyTo : null,
      });
      reset(toForm(saved));
      setOutcome({ tone: 'success', text: m.saved });
    } catch (error) {
      applyServerErrors({ setError, getValues }, error, { fields: ['isEnabled', 'fromEmail', 'replyTo'] });
      setOutcome({ tone: 'error', text: refusalMessage(error, m.saveFailed) });
    }
  });

  return (
    <MarketingCard id="email-settings" title={m.settingsTitle}>
      <form noValidate onSubmit={submit}>
        <div className="marketing-check">
          <CheckboxField
            label={m.enabled}
            className="marketing-check__row"
            error={errors.isEnabled?.message}
            {...register('isEnabled')}
          />
        </div>
        <div className="marketing-grid">
          <TextField
            label={m.fromEmail}
            type="email"
            autoComplete="off"
            error={errors.fromEmail?.message}
            {...register('fromEmail')}
          />
          <TextField
            label={m.replyTo}
            type="email"
            autoComplete="off"
            error={errors.replyTo?.message}
            {...register('replyTo')}
          />
        </div>
        <SenderCheck sender={settings.sender} />
        <div className="marketing-form__actions marketing-form__actions--end">
          <ResultLine outcome={outcome} testId="email-settings-result" className="marketing-grow" />
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : m.save}
          </button>
        </div>
      </form>
    </MarketingCard>
  );
}
