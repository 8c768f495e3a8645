import type { ReactNode } from 'react';
import { isApiError } from '../../../lib/api-client';

export type FeedbackTone = 'success' | 'error' | 'info';

/** A result line under a control: errors are alerts, the rest polite status messages. */
export function Feedback({
  id,
  tone,
  children,
  testId,
}: {
  /** For a field the line is about to name in its description. */
  id?: string;
  tone: FeedbackTone;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <p
      id={id}
      className={`aod-feedback aod-feedback--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {children}
    </p>
  );
}

/**
 * The server's own message for a request it refused (e.g. 'Template not found: order_completed'), else the
 * page's fallback: a 5xx or a network failure says nothing useful to staff.
 */
export const refusalMessage = (error: unknown, fallback: string): string =>
  isApiError(error) && error.status >= 400 && error.status < 500 && error.message ? error.message : fallback;
