import { type EmailTemplate, layout } from './templates.js';

/** To the shop's contact address when a ticket is opened. */
export const TICKET_NOTIFICATION: EmailTemplate = {
  name: 'ticket_notification',
  subject: 'New Lead/Support Ticket: {{ticket_number}}',
  html: layout(
    `<h1 style="font-size:20px">New ticket {{ticket_number}}</h1><p><strong>From:</strong> {{name}} &lt;{{email}}&gt;</p>` +
      `<p><strong>Subject:</strong> {{subject}}</p><p style="white-space:pre-wrap">{{message}}</p>`,
  ),
  text: 'New ticket {{ticket_number}}\nFrom: {{name}} <{{email}}>\nSubject: {{subject}}\n\n{{message}}',
};

/**
 * To the sender: the ticket number and fixed text only. Anyone may type any address into the contact form,
 * so nothing the sender wrote (name, subject, message, links) goes back out: the form cannot relay text to
 * an outside address. Its variables are site_name and ticket_number only (template-catalog.ts).
 */
export const TICKET_CONFIRMATION: EmailTemplate = {
  name: 'ticket_confirmation',
  subject: 'We received your message (ticket {{ticket_number}})',
  html: layout(
    `<h1 style="font-size:20px">Thank you for your message!</h1>` +
      `<p>Your ticket number is <strong>{{ticket_number}}</strong>. Please keep it for reference.</p>` +
      `<p>We'll respond to your inquiry as soon as possible.</p>`,
  ),
  text: "Thank you for your message!\n\nYour ticket number is {{ticket_number}}. Please keep it for reference.\nWe'll respond to your inquiry as soon as possible.\n\n{{site_name}}",
};
