import { zodResolver } from '@hookform/resolvers/zod';
import { adminSmsMessages as m } from '@shared/messages';
import { isE164, SMS_MAX_RECIPIENTS, SMS_MESSAGE_MAX_LENGTH, splitRecipients } from '@shared/rules/sms';
import {
  type SendSmsRequest,
  type SendTestSmsRequest,
  type SmsSendResult,
  type SmsSettings,
  ZSendSmsRequest,
  ZSendTestSmsRequest,
} from '@shared/schemas/admin-sms';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { TextAreaField, TextField } from '../../../components/form/field';
import { isApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSendSms, useSendTestSms } from '../api/send-sms';
import { fieldMessages, MarketingCard, ResultLine, refusalMessage, useOutcome } from './marketing-card';

/** Why sending is off (spec 001 §7: settings must exist and be enabled), or null when it is on. */
export const sendingBlockedReason = (settings: SmsSettings): string | null =>
  !settings.configured ? m.settingsNotFound : !settings.isEnabled ? m.settingsDisabled : null;

function BlockedNote({ id, reason }: { id: string; reason: string | null }) {
  return reason ? (
    <p id={id} className="marketing-blocked">
      {reason}
    </p>
  ) : null;
}

/** Spec 001 §2 Test SMS: one number, the spec's test text. */
export function TestSmsCard({ settings }: { settings: SmsSettings }) {
  const noteId = useId();
  const blocked = sendingBlockedReason(settings);
  const send = useSendTestSms();
  const [outcome, setOutcome] = useOutcome();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<SendTestSmsRequest>({
    resolver: zodResolver(ZSendTestSmsRequest),
    defaultValues: { to: '' },
  });

  const submit = handleSubmit(async (body) => {
    setOutcome(null);
    try {
      const result = await send.mutateAsync(body);
      setOutcome({ tone: result.refused.length > 0 ? 'error' : 'success', text: result.message });
    } catch (error) {
      applyServerErrors({ setError, getValues }, error);
      setOutcome({ tone: 'error', text: refusalMessage(error, m.testFailed) });
    }
  });

  return (
    <MarketingCard id="sms-test" title={m.testTitle} description={`Sends: '${m.testText}'`}>
      <form className="marketing-inline-form" noValidate onSubmit={submit}>
        <TextField
          label={m.testNumber}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+15551234567"
          error={errors.to?.message}
          {...register('to')}
        />
        <button
          type="submit"
          className="btn btn--primary"
          disabled={blocked !== null || send.isPending}
          aria-describedby={blocked ? noteId : undefined}
        >
          {send.isPending ? 'Sending…' : m.testSend}
        </button>
      </form>
      <BlockedNote id={noteId} reason={blocked} />
      <ResultLine outcome={outcome} testId="sms-test-result" />
    </MarketingCard>
  );
}

/** What came back for each recipient: queued, or refused with the reason. */
function SendReport({ result }: { result: SmsSendResult }) {
  const rows = [
    ...result.queued.map((q) => ({ to: q.to, queued: true, reason: 'Queued' })),
    ...result.refused.map((r) => ({ to: r.to, queued: false, reason: r.reason })),
  ];
  return (
    <ul className="marketing-report" aria-label="Recipients">
      {rows.map((row, index) => (
        <li
          // A number listed twice appears twice (the second refused as a duplicate).
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once shown.
          key={`${row.to}-${index}`}
          className={
            row.queued ? 'marketing-report__row' : 'marketing-report__row marketing-report__row--refused'
          }
        >
          <span className="marketing-report__to">{row.to}</span>
          <span className="marketing-report__status">{row.queued ? 'Queued' : `Refused: ${row.reason}`}</span>
        </li>
      ))}
    </ul>
  );
}

/** Recipients as the server will read them (split on commas, trimmed, empties dropped), invalid ones named. */
function RecipientsSummary({ text }: { text: string }) {
  const numbers = splitRecipients(text);
  const invalid = numbers.filter((n) => !isE164(n));
  return (
    <>
      {numbers.length === 1 ? '1 number' : `${numbers.length} numbers`} (at most {SMS_MAX_RECIPIENTS})
      {invalid.length > 0 && <> · not E.164, will be refused: {invalid.join(', ')}</>}
    </>
  );
}

/** Spec 001 §2 Send Marketing SMS: comma-separated recipients and a message; the result per recipient. */
export function BulkSmsCard({ settings }: { settings: SmsSettings }) {
  const ids = { note: useId() };
  const blocked = sendingBlockedReason(settings);
  const send = useSendSms();
  const [outcome, setOutcome] = useOutcome();
  const [report, setReport] = useState<SmsSendResult | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    getValues,
    formState: { errors },
  } = useForm<SendSmsRequest>({
    resolver: zodResolver(ZSendSmsRequest),
    defaultValues: { recipients: '', message: '' },
  });
  const [recipients, message] = useWatch({ control, name: ['recipients', 'message'] });

  const submit = handleSubmit(async (body) => {
    setOutcome(null);
    setReport(null);
    try {
      const result = await send.mutateAsync(body);
      setReport(result);
      setOutcome({ tone: result.refused.length > 0 ? 'error' : 'success', text: result.message });
    } catch (error) {
      applyServerErrors({ setError, getValues }, error);
      // None could be queued: 'Failed to send messages', with each number's reason in the fields.
      const refused = Object.entries(fieldMessages(error))
        .filter(([to]) => to !== 'recipients' && to !== 'message')
        .map(([to, reason]) => ({ to, reason }));
      if (refused.length > 0) setReport({ message: m.allFailed, queued: [], refused });
      setOutcome({
        tone: 'error',
        text: isApiError(error) && error.status === 400 ? error.message : refusalMessage(error, m.allFailed),
      });
    }
  });

  const messageCount = `${message.length} / ${SMS_MESSAGE_MAX_LENGTH} characters; the footer is added under it.`;
  return (
    <MarketingCard id="sms-bulk" title={m.bulkTitle}>
      <form className="marketing-form" noValidate onSubmit={submit}>
        <TextAreaField
          label={m.recipients}
          rows={3}
          spellCheck={false}
          placeholder="+15551234567, +15557654321"
          hint={<RecipientsSummary text={recipients} />}
          error={errors.recipients?.message}
          {...register('recipients')}
        />
        <TextAreaField
          label={m.message}
          rows={4}
          hint={messageCount}
          error={errors.message?.message}
          {...register('message')}
        />
        <div className="marketing-form__actions">
          <button
            type="submit"
            className="btn btn--primary"
            disabled={blocked !== null || send.isPending}
            aria-describedby={blocked ? ids.note : undefined}
          >
            {send.isPending ? 'Sending…' : m.send}
          </button>
        </div>
      </form>
      <BlockedNote id={ids.note} reason={blocked} />
      <ResultLine outcome={outcome} testId="sms-bulk-result" />
      {report && <SendReport result={report} />}
    </MarketingCard>
  );
}
