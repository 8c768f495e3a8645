import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages } from '@shared/messages';
import { type TotpCodeForm as TotpCodeValues, ZTotpCodeForm } from '@shared/schemas/auth';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { TextField } from '../../components/form/field';

/**
 * The authenticator's QR code as an SVG image. The encoder (`qrcode`) is fetched only when a staff member sets
 * up MFA, never with the login page itself, let alone a public page.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qrcode) => (qrcode.default ?? qrcode).toString(uri, { type: 'svg', margin: 2, width: 200 }))
      .then((svg) => {
        if (live) setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [uri]);
  if (failed) return <p className="notice notice--warning">{authMessages.totpQrFailed}</p>;
  return (
    <div className="totp-setup__qr">
      {image ? (
        <img src={image} alt={authMessages.totpQrAlt} width={200} height={200} />
      ) : (
        <span className="spinner" role="img" aria-label={authMessages.totpQrAlt} />
      )}
    </div>
  );
}

/** The shared secret in groups of four, as authenticator apps show it for typing in. */
export const groupSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

interface CodeFormProps {
  heading: string;
  intro: ReactNode;
  /** Sends the code to Cognito (confirmSignIn); resolves with an error message, or null when it was taken. */
  onCode: (code: string) => Promise<string | null>;
  notices: ReactNode;
  children?: ReactNode;
}

/** A 6-digit code from the authenticator app: for setting it up and for every later sign-in. */
export function TotpCodeForm({ heading, intro, onCode, notices, children }: CodeFormProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const {
    register,
    handleSubmit,
    setFocus,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZTotpCodeForm>, unknown, TotpCodeValues>({
    resolver: zodResolver(ZTotpCodeForm),
    defaultValues: { code: '' },
  });

  const submit = handleSubmit(async ({ code }) => {
    const failure = await onCode(code);
    if (failure) {
      // A code is good for 30 seconds: the next attempt starts from an empty field.
      resetField('code');
      setFocus('code');
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={isSubmitting}>
      <h2 className="auth-card__subheading" ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      <div className="auth-card__intro">{intro}</div>
      {children}
      {notices}
      <TextField
        label={authMessages.totpCodeLabel}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        error={errors.code?.message}
        {...register('code')}
      />
      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={isSubmitting}>
        {isSubmitting && <span className="spinner spinner--button" aria-hidden="true" />}
        {authMessages.totpSubmit}
      </button>
    </form>
  );
}

/** First sign-in with MFA required: add the account to an authenticator app, then prove it with a code. */
export function TotpSetupStep({
  secret,
  setupUri,
  onCode,
  notices,
}: {
  secret: string;
  setupUri: string;
  onCode: CodeFormProps['onCode'];
  notices: ReactNode;
}) {
  return (
    <TotpCodeForm
      heading={authMessages.totpSetupHeading}
      intro={<p>{authMessages.totpSetupIntro}</p>}
      onCode={onCode}
      notices={notices}
    >
      <TotpQrCode uri={setupUri} />
      <p className="totp-setup__secret-label">{authMessages.totpSecretLabel}</p>
      <p className="totp-setup__secret">
        <code>{groupSecret(secret)}</code>
      </p>
    </TotpCodeForm>
  );
}
