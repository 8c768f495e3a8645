import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages } from '@shared/messages';
import {
  type LoginForm,
  type NewPasswordForm as NewPasswordValues,
  ZLoginForm,
  ZNewPasswordForm,
} from '@shared/schemas/auth';
import { confirmSignIn, type SignInOutput, signIn } from 'aws-amplify/auth';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import type * as z from 'zod/mini';
import { AlertIcon } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { TextField } from '../../components/text-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { paths } from '../../paths';
import { SettingsBanner } from '../layout/components/settings-banner';
import { SiteLogo } from '../layout/components/site-logo';
import { useSettings } from '../settings/settings-context';
import { configureAuth } from './auth-config';
import { checkSession, markSignedIn, useAuthState, watchAuth } from './auth-session';
import { isPasswordBreached } from './breach-check';
import { raiseBreachNotice } from './breach-notice';
import { readOrigin } from './origin';
import './auth.css';

watchAuth();

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
  void configureAuth()
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
  onResult: (result: SignInOutput, attempt: BreachAttempt) => void;
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
      await configureAuth();
      const result = await signIn({
        username: email,
        password,
        // The local Cognito emulator has no SRP; AWS accepts this flow as well (enabled on the app client).
        options: { authFlowType: 'USER_PASSWORD_AUTH' },
      });
      onResult(result, attempt);
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
      onResult(await confirmSignIn({ challengeResponse: password }), attempt);
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
  const [step, setStep] = useState<'signIn' | 'newPassword'>('signIn');
  const [breached, setBreached] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    void checkSession();
  }, []);

  const onResult = (result: SignInOutput, attempt: BreachAttempt) => {
    if (result.isSignedIn) {
      attempt.signedIn();
      markSignedIn();
      return;
    }
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') {
      setBreached(false);
      setStep('newPassword');
      return;
    }
    setFailure(authMessages.unexpected);
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
          {step === 'signIn' ? <SignInForm {...stepProps} /> : <NewPasswordForm {...stepProps} />}
        </div>
      </main>
    </div>
  );
}
