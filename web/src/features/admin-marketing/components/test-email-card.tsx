import { zodResolver } from '@hookform/resolvers/zod';
import { adminEmailMessages as m } from '@shared/messages';
import { type SendTestEmailRequest, ZSendTestEmailRequest } from '@shared/schemas/admin-email';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/form/field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSendTestEmail } from '../api/send-test-email';
import { MarketingCard, ResultLine, refusalMessage, useOutcome } from './marketing-card';

/** Spec 001 §2 the test-email sender: sent now, with the spec's preconditions checked by the server. */
export function TestEmailCard() {
  const send = useSendTestEmail();
  const [outcome, setOutcome] = useOutcome();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<SendTestEmailRequest>({
    resolver: zodResolver(ZSendTestEmailRequest),
    defaultValues: { to: '' },
  });

  const submit = handleSubmit(async (body) => {
    setOutcome(null);
    try {
      const result = await send.mutateAsync(body);
      setOutcome({ tone: 'success', text: result.message || m.testSent });
    } catch (error) {
      applyServerErrors({ setError, getValues }, error);
      setOutcome({ tone: 'error', text: refusalMessage(error, m.testFailed) });
    }
  });

  return (
    <MarketingCard id="email-test" title={m.testTitle}>
      <form className="marketing-inline-form" noValidate onSubmit={submit}>
        <TextField
          label={m.testAddress}
          type="email"
          autoComplete="off"
          error={errors.to?.message}
          {...register('to')}
        />
        <button type="submit" className="btn btn--primary" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : m.testSend}
        </button>
      </form>
      <ResultLine outcome={outcome} testId="email-test-result" />
    </MarketingCard>
  );
}
