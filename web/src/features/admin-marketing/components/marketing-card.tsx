import { type ReactNode, useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api-client';

/** One card of a marketing page, labelled by its heading. */
export function MarketingCard({
  id,
  title,
  description,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  /** Beside the title (e.g. an 'Updating…' note). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section id={id} className="admin-card marketing-card" aria-labelledby={titleId}>
      <div className="admin-card__header">
        <h2 id={titleId} className="admin-card__title">
          {title}
        </h2>
        {actions}
      </div>
      {description && <p className="marketing-card__description">{description}</p>}
      {children}
    </section>
  );
}

export interface Outcome {
  tone: 'success' | 'error' | 'info';
  text: string;
}

/**
 * A result line: always in the document as a live region, so what appears in it is announced; errors are
 * alerts. A success goes after `clearAfterMs` when given (spec 001 §9: saved messages last 3 seconds).
 */
export function ResultLine({
  outcome,
  testId,
  className,
}: {
  outcome: Outcome | null;
  testId?: string;
  className?: string;
}) {
  return (
    <div aria-live="polite" className={['marketing-result-slot', className].filter(Boolean).join(' ')}>
      {outcome && (
        <p
          className={`marketing-result marketing-result--${outcome.tone}`}
          role={outcome.tone === 'error' ? 'alert' : 'status'}
          data-testid={testId}
        >
          {outcome.text}
        </p>
      )}
    </div>
  );
}

/** An outcome that clears itself some time after a success (errors stay until the next attempt). */
export function useOutcome(clearSuccessAfterMs?: number) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    if (outcome?.tone !== 'success' || clearSuccessAfterMs === undefined) return;
    const timer = setTimeout(() => setOutcome(null), clearSuccessAfterMs);
    return () => clearTimeout(timer);
  }, [outcome, clearSuccessAfterMs]);
  return [outcome, setOutcome] as const;
}

/**
 * The server's own message for a request it refused (409 'Twilio integration is disabled...', a 400 with the
 * spec's text), else the page's fallback: a 5xx or a network failure says nothing useful to staff.
 */
export const refusalMessage = (error: unknown, fallback: string): string =>
  isApiError(error) && error.status >= 400 && error.status < 500 && error.message ? error.message : fallback;

/** A 400's per-field messages (empty for any other failure). */
export const fieldMessages = (error: unknown): Record<string, string> =>
  isApiError(error) && error.status === 400 ? error.fields : {};
