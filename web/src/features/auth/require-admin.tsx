import { authMessages } from '@shared/messages';
import { getAdminSession } from '@shared/routes/get-admin-session';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AlertIcon, ShieldIcon } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { StatePanel } from '../../components/state-panel';
import { useDeferredData } from '../../hooks/use-deferred-data';
import { usePageTitle } from '../../hooks/use-page-title';
import { apiRequest, isApiError } from '../../lib/api-client';
import { useAuthState } from '../../lib/auth-state';
import { paths } from '../../paths';
import { checkSession, endSession } from './auth-session';
import { originOf } from './origin';

function StandalonePanel({ children }: { children: ReactNode }) {
  return (
    <main id="main-content" className="auth-page" tabIndex={-1}>
      <div className="auth-page__panel">{children}</div>
    </main>
  );
}

function LogoutButton() {
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => endSession({ explicit: true }).catch(() => setFailed(true))}
      >
        {authMessages.logout}
      </button>
      {failed && (
        <p className="field__error" role="alert">
          {authMessages.signOutFailed}
        </p>
      )}
    </>
  );
}

/** Signed in, but the server says the account is not staff (403 on the session check). */
function AdminRequired() {
  usePageTitle(authMessages.adminRequired);
  return (
    <StandalonePanel>
      <StatePanel icon={<ShieldIcon size={32} />} title={authMessages.adminRequired} headingLevel={1}>
        <p>{authMessages.adminRequiredDetail}</p>
        <div className="button-row button-row--center">
          <LogoutButton />
        </div>
      </StatePanel>
    </StandalonePanel>
  );
}

function CheckFailed({ retry }: { retry: () => void }) {
  usePageTitle(null);
  return (
    <StandalonePanel>
      <StatePanel
        icon={<AlertIcon size={32} />}
        title={authMessages.checkFailed}
        headingLevel={1}
        tone="error"
      >
        <div className="button-row button-row--center">
          <button type="button" className="btn btn--primary" onClick={retry}>
            {authMessages.tryAgain}
          </button>
        </div>
      </StatePanel>
    </StandalonePanel>
  );
}

/**
 * The server decides who is staff: one session call per sign-in confirms the token is valid and in the admin
 * group (the API refuses every admin route otherwise; this only picks the right screen).
 */
function AdminAccess({ children }: { children: ReactNode }) {
  const session = useQuery({
    queryKey: ['admin', 'session'],
    queryFn: ({ signal }) => apiRequest(getAdminSession, { signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // The check passing renders the whole back office (layout and page), from a deferred copy: in slices.
  const { pending } = useDeferredData(session.data, session.isPending);
  if (pending) return <LoadingState fullPage message={authMessages.checking} />;
  if (session.isError) {
    // 401 has already ended the session (the API client's handler): the guard redirects on the next render.
    if (isApiError(session.error) && session.error.status === 401)
      return <LoadingState fullPage message={authMessages.checking} />;
    if (isApiError(session.error) && session.error.status === 403) return <AdminRequired />;
    return <CheckFailed retry={() => void session.refetch()} />;
  }
  return children;
}

/**
 * Spec 001 §2 guard on /admin/*: 'Checking authentication...', then the page, or /login (replacing history)
 * carrying the origin path and its state. It follows sign-in and sign-out here and in other tabs.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, explicitSignOut } = useAuthState();
  const location = useLocation();

  useEffect(() => {
    void checkSession();
  }, []);

  if (status === 'checking') return <LoadingState fullPage message={authMessages.checking} />;
  if (status === 'error') return <CheckFailed retry={() => void checkSession()} />;
  if (status === 'signedOut') {
    return (
      <Navigate to={paths.login.path} replace state={explicitSignOut ? null : { from: originOf(location) }} />
    );
  }
  return <AdminAccess>{children}</AdminAccess>;
}
