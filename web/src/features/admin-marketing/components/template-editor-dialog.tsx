import { zodResolver } from '@hookform/resolvers/zod';
import { adminEmailMessages as m } from '@shared/messages';
import {
  type EmailTemplateDetail,
  type EmailTemplateInput,
  type EmailTemplateKey,
  type EmailTemplatePreview,
  ZEmailTemplateInput,
} from '@shared/schemas/admin-email';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog } from '../../../components/dialog';
import { TextAreaField, TextField } from '../../../components/form/field';
import { LoadingState } from '../../../components/loading-state';
import { applyServerErrors } from '../../../lib/form-errors';
import { useEmailTemplate, usePreviewEmailTemplate, useUpdateEmailTemplate } from '../api/email-templates';
import { fieldMessages, type Outcome, ResultLine, refusalMessage } from './marketing-card';
import './template-editor-dialog.css';

/** A 400 about the template as a whole (unknown variable, cannot render) or about one of its fields. */
const templateError = (error: unknown, fallback: string): string =>
  fieldMessages(error).template ?? refusalMessage(error, fallback);

function TemplateForm({
  template,
  onSaved,
  onCancel,
}: {
  template: EmailTemplateDetail;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const ids = { vars: useId() };
  const save = useUpdateEmailTemplate(template.key);
  const preview = usePreviewEmailTemplate(template.key);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [rendered, setRendered] = useState<EmailTemplatePreview | null>(null);
  const previewRef = useRef<HTMLElement>(null);
  // The preview appears under the form: bring it into view (focus stays on the Preview button).
  useEffect(() => {
    if (rendered) previewRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [rendered]);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<EmailTemplateInput>({
    resolver: zodResolver(ZEmailTemplateInput),
    defaultValues: {
      name: template.name,
      subject: template.subject,
      html: template.html,
      text: template.text,
    },
  });

  const serverFieldErrors = (error: unknown) => applyServerErrors({ setError, getValues }, error);

  const onSave = handleSubmit(async (body) => {
    setOutcome(null);
    try {
      await save.mutateAsync(body);
      onSaved();
    } catch (error) {
      serverFieldErrors(error);
      setOutcome({ tone: 'error', text: templateError(error, m.templateSaveFailed) });
    }
  });

  const onPreview = handleSubmit(async (body) => {
    setOutcome(null);
    try {
      setRendered(await preview.mutateAsync(body));
    } catch (error) {
      setRendered(null);
      serverFieldErrors(error);
      setOutcome({ tone: 'error', text: templateError(error, m.templateBroken('please try again')) });
    }
  });

  return (
    <form noValidate onSubmit={onSave} className="template-form">
      <div className="marketing-grid">
        <TextField
          label={m.templateName}
          error={errors.name?.message}
          autoComplete="off"
          {...register('name')}
        />
        <TextField
          label={m.templateSubject}
          error={errors.subject?.message}
          autoComplete="off"
          {...register('subject')}
        />
      </div>
      <TextAreaField
        label={m.templateHtml}
        rows={10}
        spellCheck={false}
        controlClassName="template-form__code"
        describedBy={ids.vars}
        error={errors.html?.message}
        {...register('html')}
      />
      <TextAreaField
        label={m.templateText}
        rows={7}
        controlClassName="template-form__code"
        describedBy={ids.vars}
        error={errors.text?.message}
        {...register('text')}
      />

      <section className="template-vars" aria-labelledby={ids.vars}>
        <h3 id={ids.vars} className="template-vars__title">
          {m.templateVariables}
        </h3>
        <dl className="template-vars__list">
          {template.variables.map((variable) => (
            <div key={variable.name} className="template-vars__item">
              <dt>
                <code>{`{{${variable.name}}}`}</code>
              </dt>
              <dd>{variable.description}</dd>
            </div>
          ))}
        </dl>
      </section>

      <ResultLine outcome={outcome} testId="template-editor-result" />

      <div className="template-form__actions">
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => void onPreview()}
          disabled={preview.isPending}
        >
          {preview.isPending ? 'Rendering…' : m.templatePreview}
        </button>
        <span className="marketing-grow" />
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Template'}
        </button>
      </div>

      {rendered && (
        <section
          className="template-preview"
          aria-label="Preview with a sample order"
          data-testid="template-preview"
        >
          <h3 className="template-vars__title">Preview with a sample order</h3>
          <p className="template-preview__subject">
            <span>Subject:</span> {rendered.subject}
          </p>
          {/* No scripts, no same origin, no forms: the rendered mail can do nothing to this page. */}
          <iframe className="template-preview__html" title="HTML preview" sandbox="" srcDoc={rendered.html} />
          <h4 className="template-preview__label">Text version</h4>
          <pre className="template-preview__text">{rendered.text}</pre>
        </section>
      )}
    </form>
  );
}

/** Reads the template each time the editor opens (another staff member may have changed it meanwhile). */
function TemplateLoader({
  templateKey,
  onSaved,
  onCancel,
}: {
  templateKey: EmailTemplateKey;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const template = useEmailTemplate(templateKey);
  if (template.isError)
    return (
      <p className="field__error" role="alert">
        {refusalMessage(template.error, m.templatesLoadFailed)}
      </p>
    );
  if (template.isFetching || !template.data) return <LoadingState message="Loading template..." />;
  return <TemplateForm template={template.data} onSaved={onSaved} onCancel={onCancel} />;
}

/** Spec 001 §2 Edit Template: a modal dialog over the list. */
export function TemplateEditorDialog({
  editing,
  onClose,
  onSaved,
  returnFocusRef,
}: {
  editing: { key: EmailTemplateKey; name: string } | null;
  onClose: () => void;
  onSaved: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      title={editing ? `${m.editTemplate}: ${editing.name}` : m.editTemplate}
      size="lg"
      dismissOnBackdrop={false}
      returnFocusRef={returnFocusRef}
    >
      {editing && <TemplateLoader templateKey={editing.key} onSaved={onSaved} onCancel={onClose} />}
    </Dialog>
  );
}
