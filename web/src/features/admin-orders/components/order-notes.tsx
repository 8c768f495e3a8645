import { adminOrderMessages as m } from '@shared/messages';
import { formatDateTime } from '@shared/rules/date-format';
import { newestFirst } from '@shared/rules/text-order';
import type { AdminOrderDetail } from '@shared/schemas/admin-orders';
import { type FormEvent, useId, useState } from 'react';
import { TextAreaField } from '../../../components/form/field';
import { ClipboardIcon } from '../../../components/icons';
import { useAddOrderNote } from '../api/add-order-note';
import { DetailSection } from './detail-section';
import { Feedback } from './feedback';

/** Spec 001 §5 'Notes': trimmed, never blank; newest first. */
export function OrderNotesSection({ order }: { order: AdminOrderDetail }) {
  const id = useId();
  const mutation = useAddOrderNote(order.orderId);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const content = draft.trim();
  const notes = [...order.notes].sort((a, b) => newestFirst(a.created_at, b.created_at));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!content) {
      setProblem(m.noteEmpty);
      return;
    }
    setProblem(null);
    mutation.mutate(content, {
      onSuccess: () => setDraft(''),
      onError: () => setProblem(m.noteFailed),
    });
  };

  return (
    <DetailSection id="order-notes" title="Order Notes" icon={<ClipboardIcon size={20} />}>
      <form className="aod-form" onSubmit={submit} noValidate>
        <TextAreaField
          id={`${id}-note`}
          label="New note"
          rows={3}
          maxLength={5000}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          data-testid="note-input"
        />
        <button
          type="submit"
          className="btn btn--primary aod-btn--compact"
          disabled={!content || mutation.isPending}
          data-testid="add-note"
        >
          {mutation.isPending && <span className="spinner spinner--inline" aria-hidden="true" />}
          Add Note
        </button>
        {problem && <Feedback tone="error">{problem}</Feedback>}
      </form>
      {notes.length > 0 ? (
        <ul className="aod-notes" data-testid="order-notes">
          {notes.map((note, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: notes have no id; two may share a time and text.
            <li key={`${note.created_at}-${index}`} className="aod-note">
              <p className="aod-pre">{note.content}</p>
              <time dateTime={note.created_at} className="aod-muted">
                {formatDateTime(note.created_at)}
              </time>
            </li>
          ))}
        </ul>
      ) : (
        <p className="aod-muted">No notes yet.</p>
      )}
    </DetailSection>
  );
}
