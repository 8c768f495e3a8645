import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shared/messages';
import { type ContactForm as ContactFormValues, ZContactForm } from '@shared/schemas/ticket';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { TextAreaField, TextField } from '../../../components/form/field';
import { AlertIcon, CheckCircleIcon } from '../../../components/icons';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateTicket } from '../api/create-ticket';
import '../../../components/stacked-form.css';

type ContactFormInput = z.input<typeof ZContactForm>;

const EMPTY: ContactFormInput = { name: '', email: '', phone: '', subject: '', message: '' };
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
    getValues,
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
        applyServerErrors({ setError, getValues }, error);
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
          <TextField
            id="contact-name"
            label="Your Name"
            autoComplete="name"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            id="contact-email"
            label="Email Address"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
        </div>
        <div className="contact-form__row">
          <TextField
            id="contact-phone"
            label="Phone Number"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextField
            id="contact-subject"
            label="Subject"
            error={errors.subject?.message}
            {...register('subject')}
          />
        </div>
        <TextAreaField
          id="contact-message"
          label="Your Question"
          rows={6}
          error={errors.message?.message}
          {...register('message')}
        />
        <button type="submit" className="btn btn--primary btn--lg contact-form__submit" disabled={sending}>
          {sending ? 'Sending...' : 'Send Message'}
        </button>
      </form>
    </section>
  );
}
