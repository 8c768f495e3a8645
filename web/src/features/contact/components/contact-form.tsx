import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shared/messages';
import { type ContactForm as ContactFormValues, ZContactForm } from '@shared/schemas/ticket';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { AlertIcon, CheckCircleIcon } from '../../../components/icons';
import { isApiError } from '../../../lib/api-client';
import { useCreateTicket } from '../api/create-ticket';
import '../../../components/stacked-form.css';

type ContactFormInput = z.input<typeof ZContactForm>;

const EMPTY: ContactFormInput = { name: '', email: '', phone: '', subject: '', message: '' };
const FIELD_NAMES = Object.keys(EMPTY) as Array<FieldPath<ContactFormInput>>;

interface FieldProps {
  name: FieldPath<ContactFormInput>;
  label: string;
  error?: string;
  children: (aria: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

function Field({ name, label, error, children }: FieldProps) {
  const id = `contact-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : undefined,
      })}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** 'Send Us a Message' (spec 000 §2, §4): editing, sending, the ticket number, then an emptied form again. */
export function ContactForm({ initialSubject = '' }: { initialSubject?: string }) {
  const ticket = useCreateTicket();
  const [failure, setFailure] = useState(0);
  const successRef = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(ZContactForm),
    defaultValues: { ...EMPTY, subject: initialSubject },
  });

  useEffect(() => {
    if (ticket.data) successRef.current?.focus();
  }, [ticket.data]);

  const onSubmit = (values: ContactFormValues) => {
    ticket.mutate(values, {
      onError: (error) => {
        // A 400 names the fields the server refused: show each message beside its field.
        if (isApiError(error)) {
          for (const [field, message] of Object.entries(error.fields)) {
            if ((FIELD_NAMES as string[]).includes(field)) {
              setError(field as FieldPath<ContactFormInput>, { type: 'server', message });
            }
          }
        }
        setFailure((n) => n + 1);
        window.alert(messages.contact.submitFailed);
      },
    });
  };

  if (ticket.data) {
    return (
      <section className="card contact-form contact-success" aria-labelledby="contact-success-title">
        <span className="contact-success__icon">
          <CheckCircleIcon size={36} />
        </span>
        <h2 id="contact-success-title" ref={successRef} tabIndex={-1}>
          {messages.contact.thanks}
        </h2>
        <p className="contact-success__ticket">{messages.contact.ticketNumber(ticket.data.ticketNumber)}</p>
        <p>{messages.contact.respond}</p>
        <p>{messages.contact.save}</p>
        <button
          type="button"
          className="btn btn--secondary contact-success__again"
          onClick={() => {
            ticket.reset();
            reset(EMPTY);
            setFailure(0);
            // The form mounts again on this render; focus its first field once it is there.
            setTimeout(() => setFocus('name'));
          }}
        >
          Send another message
        </button>
      </section>
    );
  }

  const sending = ticket.isPending;
  return (
    <section className="card contact-form" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send Us a Message</h2>
      <p className="contact-form__intro">
        Fill in the form and we'll answer by e-mail. All fields are required.
      </p>
      {ticket.isError && (
        <div key={failure} className="notice notice--danger contact-form__error" role="alert">
          <AlertIcon size={20} />
          <p>{messages.contact.submitFailed}</p>
        </div>
      )}
      <form className="stacked-form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <div className="contact-form__row">
          <Field name="name" label="Your Name" error={errors.name?.message}>
            {(aria) => <input type="text" autoComplete="name" {...aria} {...register('name')} />}
          </Field>
          <Field name="email" label="Email Address" error={errors.email?.message}>
            {(aria) => <input type="email" autoComplete="email" {...aria} {...register('email')} />}
          </Field>
        </div>
        <div className="contact-form__row">
          <Field name="phone" label="Phone Number" error={errors.phone?.message}>
            {(aria) => <input type="tel" autoComplete="tel" {...aria} {...register('phone')} />}
          </Field>
          <Field name="subject" label="Subject" error={errors.subject?.message}>
            {(aria) => <input type="text" {...aria} {...register('subject')} />}
          </Field>
        </div>
        <Field name="message" label="Your Question" error={errors.message?.message}>
          {(aria) => <textarea rows={6} {...aria} {...register('message')} />}
        </Field>
        <button type="submit" className="btn btn--primary btn--lg contact-form__submit" disabled={sending}>
          {sending ? 'Sending...' : 'Send Message'}
        </button>
      </form>
    </section>
  );
}
