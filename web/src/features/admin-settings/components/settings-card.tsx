import { adminSettingsMessages as m } from '@shared/messages';
import type { ReactNode } from 'react';

export interface SaveStatus {
  tone: 'success' | 'error';
  text: string;
}

/** A result line: errors are alerts (the red banner), success a polite status that goes after 3 seconds. */
export function StatusLine({ status, testId }: { status: SaveStatus | null; testId?: string }) {
  return (
    <div aria-live="polite" className="settings-status-slot" data-testid={testId}>
      {status && (
        <p
          className={`settings-status settings-status--${status.tone}`}
          role={status.tone === 'error' ? 'alert' : 'status'}
        >
          {status.text}
        </p>
      )}
    </div>
  );
}

interface SettingsCardProps {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  /** Cards whose switches save at once have no Save button. */
  onSave?: () => void;
  saving?: boolean;
  status: SaveStatus | null;
}

/** One card of the settings page, labelled by its heading, with its own Save Changes. */
export function SettingsCard({
  id,
  title,
  description,
  children,
  onSave,
  saving,
  status,
}: SettingsCardProps) {
  const titleId = `${id}-title`;
  return (
    <section id={id} className="admin-card settings-card" aria-labelledby={titleId}>
      <div className="settings-card__header">
        <h2 id={titleId} className="admin-card__title">
          {title}
        </h2>
        {description && <p className="settings-card__description">{description}</p>}
      </div>
      <div className="settings-card__body">{children}</div>
      <div className="settings-card__footer">
        <StatusLine status={status} testId={`${id}-status`} />
        {onSave && (
          <button type="button" className="btn btn--primary" onClick={onSave} disabled={saving}>
            {saving ? m.saving : m.saveChanges}
          </button>
        )}
      </div>
    </section>
  );
}
