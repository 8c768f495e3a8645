import { zodResolver } from '@hookform/resolvers/zod';
import { adminOrderMessages as m } from '@shared/messages';
import { formatDateTime } from '@shared/rules/date-format';
import { newestFirst } from '@shared/rules/text-order';
import { type AddNoteRequest, type AdminOrderDetail, ZAddNoteRequest } from '@shared/schemas/admin-orders';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { TextAreaField } from '../../../components/form/field';
import { ClipboardIcon } from '../../../components/icons';
import { useAddOrderNote } from '../api/add-order-note';
import { DetailSection } from './detail-section';
import { Feedback } from './feedback';
import './order-log.css';

/** Spec 001 §5 'Notes', on the shared schema: trimmed, never blank; newest first. */
export function OrderNotesSection({ order }: { order: AdminOrderDetail }) {
  const id = useId();
  const problemId = `${id}-problem`;
  const mutation = useAddOrderNote(order.orderId);
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, reset, control } = useForm<AddNoteRequest>({
    resolver: zodResolver(ZAddNoteRequest),
    defaultValues: { content: '' },
  });
  const draft = useWatch({ control, name: 'content' });
  const notes = [...order.notes].sort((a, b) => newestFirst(a.created_at, b.created_at));

  const submit = handleSubmit(
    ({ content }) => {
      setProblem(null);
      mutation.mutate(content, {
        onSuccess: () => reset({ content: '' }),
        onError: () => setProblem(m.noteFailed),
      });
    },
    (refused) => setProblem(refused.content?.message ?? m.noteEmpty),
  );

  return (
    <DetailSection id="order-notes" title="Order Notes" icon={<ClipboardIcon size={20} />}>
      <form className="aod-form" onSubmit={submit} noValidate>
        <TextAreaField
          label="New note"
          rows={3}
          maxLength={5000}
          {...register('content')}
          describedBy={problem ? problemId : undefined}
          data-testid="note-input"
        />
        <button
          type="submit"
          className="btn btn--primary aod-btn--compact"
          disabled={!draft.trim() || mutation.isPending}
          data-testid="add-note"
        >
          {mutation.isPending && <span className="spinner spinner--inline" aria-hidden="true" />}
          Add Note
        </button>
        {problem && (
          <Feedback id={problemId} tone="error">
            {problem}
          </Feedback>
        )}
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
