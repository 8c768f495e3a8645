import { adminEmailMessages as m } from '@shared/messages';
import type { EmailTemplateKey } from '@shared/schemas/admin-email';
import { type ReactNode, useRef, useState } from 'react';
import { LoadingState } from '../../../components/loading-state';
import { useEmailTemplates } from '../api/email-templates';
import { LoadFailed } from './load-failed';
import { MarketingCard, ResultLine, useOutcome } from './marketing-card';
import { TemplateEditorDialog } from './template-editor-dialog';

/** Spec 001 §2 Email Templates: name and subject, each with Edit Template (a modal editor). */
export function EmailTemplatesCard() {
  const templates = useEmailTemplates();
  const [editing, setEditing] = useState<{ key: EmailTemplateKey; name: string } | null>(null);
  const [outcome, setOutcome] = useOutcome(3000);
  const listRef = useRef<HTMLDivElement>(null);

  let body: ReactNode;
  if (templates.isPending) body = <LoadingState message="Loading templates..." />;
  else if (templates.isError) body = <LoadFailed title={m.templatesLoadFailed} query={templates} />;
  else
    body = (
      <div className="admin-table-scroll" ref={listRef} tabIndex={-1}>
        <table className="admin-table marketing-table" data-testid="email-templates">
          <caption className="visually-hidden">{m.templatesTitle}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Subject</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {templates.data.map((t) => (
              <tr key={t.key}>
                <th scope="row">{t.name}</th>
                <td data-label="Subject" className="marketing-table__message">
                  {t.subject}
                </td>
                <td className="admin-table__actions">
                  <button
                    type="button"
                    className="btn btn--secondary marketing-small-btn"
                    aria-label={`${m.editTemplate}: ${t.name}`}
                    onClick={() => {
                      setOutcome(null);
                      setEditing({ key: t.key, name: t.name });
                    }}
                  >
                    {m.editTemplate}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <MarketingCard id="email-templates" title={m.templatesTitle}>
      {body}
      <ResultLine outcome={outcome} testId="email-template-result" />
      <TemplateEditorDialog
        editing={editing}
        returnFocusRef={listRef}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setOutcome({ tone: 'success', text: m.templateSaved });
        }}
      />
    </MarketingCard>
  );
}
