import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages } from '@shared/messages';
import {
  type LoginForm,
  type NewPasswordForm as NewPasswordValues,
  ZLoginForm,
  ZNewPasswordForm,
} from '@shared/schemas/auth';
import type { ConfirmSignInInput, ConfirmSignInOutput, SignInOutput } from 'aws-amplify/auth';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import type * as z from 'zod/mini';
import { TextField } from '../../components/form/field';
import { AlertIcon } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { SettingsBanner } from '../../components/settings-banner';
import { SiteLogo } from '../../components/site-logo';
import { usePageTitle } from '../../hooks/use-page-title';
import { useAuthState } from '../../lib/auth-state';
import { useSettings } from '../../lib/settings/settings-context';
import { paths } from '../../paths';
import { readAuthConfig } from './auth-config';
import { amplify, checkSession, markSignedIn, watchAuth } from './auth-session';
import { isPasswordBreached } from './breach-check';
import { raiseBreachNotice } from './breach-notice';
import { readOrigin } from './origin';
import { confirmTotpCode, nextView, type SignInView } from './sign-in-steps';
import { TotpCodeForm, TotpSetupStep } from './totp-steps';
import './auth.css';

watchAuth();

/** Amplify's answer to a challenge (new password, TOTP), from its chunk, which loads on first use. */
const confirmSignIn = async (input: ConfirmSignInInput) => (await amplify()).confirmSignIn(input);

/** The server's message (Cognito's), else the spec's fallbacks. */
function failureMessage(error: unknown): string {
  if (error instanceof Error) return error.message.trim() || authMessages.signInFailed;
  return authMessages.unexpected;
}

/**
 * Runs the breach check beside a sign-in attempt (spec 001 §5): it never delays or fails the sign-in. A hit is
 * shown on the form at once, and carried to the back office only if this attempt does sign in.
 */
function startBreachCheck(password: string, onHit: () => void) {
  let hit = false;
  let signedIn = false;
  void readAuthConfig()
    .then((config) => isPasswordBreached(password, config.breachRangeUrl))
    .catch(() => false)
    .then((breached) => {
      if (!breached) return;
      hit = true;
      onHit();
      if (signedIn) raiseBreachNotice();
    });
  return {
    signedIn: () => {
      signedIn = true;
      if (hit) raiseBreachNotice();
    },
  };
}

type BreachAttempt = ReturnType<typeof startBreachCheck>;

function SubmitButton({ submitting, label }: { submitting: boolean; label: string }) {
  return (
    <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={submitting}>
      {submitting && <span className="spinner spinner--button" aria-hidden="true" />}
      {label}
    </button>
  );
}

function Notices({ breached, failure }: { breached: boolean; failure: string | null }) {
  return (
    <>
      <div role="status" className="auth-card__live">
        {breached && (
          <p className="notice notice--warning">
            <AlertIcon size={20} />
            <span>{authMessages.breached}</span>
          </p>
        )}
      </div>
      <div role="alert" className="auth-card__live">
        {failure && (
          <p className="notice notice--danger">
            <AlertIcon size={20} />
            <span>{failure}</span>
          </p>
        )}
      </div>
    </>
  );
}

interface StepProps {
  /** Amplify's answer, with the breach check of the password just sent and, from the first form, the e-mail. */
  onResult: (
    result: SignInOutput | ConfirmSignInOutput,
    attempt: BreachAttempt,
    email?: string,
  ) => Promise<void>;
  onBreached: () => void;
  breached: boolean;
  failure: string | null;
  setFailure: (message: string | null) => void;
}

function SignInForm({ onResult, onBreached, breached, failure, setFailure }: StepProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZLoginForm>, unknown, LoginForm>({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    const attempt = startBreachCheck(password, onBreached);
    try {
      const [{ signIn }, { signInFlow }] = await Promise.all([amplify(), readAuthConfig()]);
      const result = await signIn({
        username: email,
        password,
        // SRP where deployed; the plain-password flow only on the local stack, whose Cognito has no SRP.
        options: { authFlowType: signInFlow },
      });
      await onResult(result, attempt, email);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={isSubmitting}>
      <Notices breached={breached} failure={failure} />
      <TextField
        label="Email address"
        type="email"
        autoComplete="username"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <SubmitButton submitting={isSubmitting} label={authMessages.submit} />
    </form>
  );
}

/** First sign-in of a user staff created in the console: Cognito requires a password of their own. */
function NewPasswordForm({ onResult, onBreached, breached, failure, setFailure }: StepProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZNewPasswordForm>, unknown, NewPasswordValues>({
    resolver: zodResolver(ZNewPasswordForm),
    defaultValues: { password: '', confirm: '' },
  });

  const submit = handleSubmit(async ({ password }) => {
    setFailure(null);
    const attempt = startBreachCheck(password, onBreached);
    try {
      await onResult(await confirmSignIn({ challengeResponse: password }), attempt);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={isSubmitting}>
      <h2 className="auth-card__subheading" ref={headingRef} tabIndex={-1}>
        {authMessages.newPasswordHeading}
      </h2>
      <p className="auth-card__intro">{authMessages.newPasswordIntro}</p>
      <Notices breached={breached} failure={failure} />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...register('confirm')}
      />
      <SubmitButton submitting={isSubmitting} label={authMessages.newPasswordSubmit} />
    </form>
  );
}

/** Spec 001 §2 'Login (/login)'. */
export function LoginPage() {
  usePageTitle(paths.login.title);
  const settings = useSettings();
  const location = useLocation();
  const origin = readOrigin(location.state);
  const { status } = useAuthState();
  const [view, setView] = useState<SignInView | { kind: 'signIn' }>({ kind: 'signIn' });
  const [breached, setBreached] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** The breach check of the password that started this sign-in: its notice waits until it completes. */
  const attemptRef = useRef<BreachAttempt | null>(null);
  const emailRef = useRef('');

  useEffect(() => {
    void checkSession();
  }, []);

  const stepContext = () => ({ email: emailRef.current, issuer: settings.site_name, confirmSignIn });

  const show = (next: SignInView) => {
    if (next.kind === 'signedIn') {
      attemptRef.current?.signedIn();
      markSignedIn();
      return;
    }
    if (next.kind === 'unsupported') {
      setFailure(next.message);
      return;
    }
    // A new form: the password form's breach warning stays behind, and so does the last failure.
    if (next.kind === 'newPassword') setBreached(false);
    setFailure(null);
    setView(next);
  };

  const onResult = async (
    result: SignInOutput | ConfirmSignInOutput,
    attempt: BreachAttempt,
    email?: string,
  ) => {
    attemptRef.current = attempt;
    if (email) emailRef.current = email;
    show(await nextView(result, stepContext()));
  };

  /** A code from the authenticator app: the next step, or the message announced above the field. */
  const onCode = async (code: string): Promise<string | null> => {
    setFailure(null);
    const outcome = await confirmTotpCode(code, stepContext());
    if ('failure' in outcome) {
      setFailure(outcome.failure);
      return outcome.failure;
    }
    show(outcome.view);
    return null;
  };

  // Signed in (now, or already when the page opened): back to where the guard stopped them.
  if (status === 'signedIn') {
    return <Navigate to={`${origin.pathname}${origin.search}`} replace state={origin.state} />;
  }
  if (status === 'checking') return <LoadingState fullPage message={authMessages.checking} />;

  const stepProps: StepProps = {
    onResult,
    onBreached: () => setBreached(true),
    breached,
    failure,
    setFailure,
  };
  return (
    <div className="auth-shell">
      <SettingsBanner />
      <main id="main-content" className="auth-page" tabIndex={-1}>
        <div className="auth-card">
          <Link to={paths.home.path} className="auth-card__brand site-logo">
            <SiteLogo settings={settings} />
          </Link>
          <h1 className="auth-card__heading">{authMessages.heading}</h1>
          {origin.pathname !== paths.admin.path && (
            <p className="notice notice--info auth-card__origin">{authMessages.signInTo(origin.pathname)}</p>
          )}
          {view.kind === 'signIn' && <SignInForm {...stepProps} />}
          {view.kind === 'newPassword' && <NewPasswordForm {...stepProps} />}
          {view.kind === 'totpSetup' && (
            <TotpSetupStep
              secret={view.secret}
              setupUri={view.setupUri}
              onCode={onCode}
              notices={<Notices breached={false} failure={failure} />}
            />
          )}
          {view.kind === 'totpCode' && (
            <TotpCodeForm
              heading={authMessages.totpCodeHeading}
              intro={<p>{authMessages.totpCodeIntro}</p>}
              onCode={onCode}
              notices={<Notices breached={false} failure={failure} />}
            />
          )}
        </div>
      </main>
    </div>
  );
}
