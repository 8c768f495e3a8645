import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db.js';

/**
 * E-mail templates are data: a subject, an HTML and a text body with `{{name}}` placeholders. The defaults
 * live here; a stored template of the same name (pk EMAILTEMPLATE#<name>, written by the back office) wins.
 * Values are HTML-escaped in the HTML body, except placeholders ending in `_html`, which the caller renders.
 */
export interface EmailTemplate {
  name: TemplateName;
  subject: string;
  html: string;
  text: string;
}
export type TemplateName = 'order_confirmation' | 'ticket_notification' | 'ticket_confirmation';

const layout = (body: string) =>
  `<!doctype html><html><body style="margin:0;background:#f4f7fb;font-family:Arial,Helvetica,sans-serif;color:#0f172a">` +
  `<div style="max-width:600px;margin:0 auto;padding:24px"><div style="background:#ffffff;border-radius:12px;padding:28px">` +
  `${body}</div><p style="font-size:12px;color:#475569;text-align:center">{{site_name}}</p></div></body></html>`;

export const DEFAULT_TEMPLATES: Record<TemplateName, EmailTemplate> = {
  order_confirmation: {
    name: 'order_confirmation',
    subject: 'Your order {{order_id}}: time to ship!',
    html: layout(
      `<h1 style="font-size:22px;margin:0 0 12px">Thanks, {{first_name}}! It's time to ship.</h1>` +
        `<p>Your order <strong>{{order_id}}</strong> is confirmed. You will earn <strong>{{total}}</strong> once your package arrives and is checked.</p>` +
        `<table style="width:100%;border-collapse:collapse;margin:16px 0">{{items_html}}</table>` +
        `<p><a href="{{confirmation_url}}" style="display:inline-block;background:#0b57a4;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">View your order and print your free label</a></p>` +
        `<h2 style="font-size:16px">Shipping tips</h2><ul><li>Pack only the items in this order.</li><li>Boxes must be sealed, unexpired and undamaged.</li><li>Use a sturdy box with padding; write {{order_id}} on a note inside.</li></ul>` +
        `<p>Track your order: <a href="{{track_url}}">{{track_url}}</a><br>Questions? <a href="{{contact_url}}">Contact us</a>.</p>` +
        `<p style="font-size:12px;color:#475569">This link is private to you and works for 45 days.</p>`,
    ),
    text:
      "Thanks, {{first_name}}! It's time to ship.\n\nYour order {{order_id}} is confirmed. You will earn {{total}} once your package arrives and is checked.\n\n{{items_text}}\n\n" +
      'View your order and print your free label: {{confirmation_url}}\n\nShipping tips:\n- Pack only the items in this order.\n- Boxes must be sealed, unexpired and undamaged.\n- Use a sturdy box with padding; write {{order_id}} on a note inside.\n\n' +
      'Track your order: {{track_url}}\nQuestions? {{contact_url}}\n\nThis link is private to you and works for 45 days.',
  },
  ticket_notification: {
    name: 'ticket_notification',
    subject: 'New Lead/Support Ticket: {{ticket_number}}',
    html: layout(
      `<h1 style="font-size:20px">New ticket {{ticket_number}}</h1><p><strong>From:</strong> {{name}} &lt;{{email}}&gt;</p>` +
        `<p><strong>Subject:</strong> {{subject}}</p><p style="white-space:pre-wrap">{{message}}</p>`,
    ),
    text: 'New ticket {{ticket_number}}\nFrom: {{name}} <{{email}}>\nSubject: {{subject}}\n\n{{message}}',
  },
  ticket_confirmation: {
    name: 'ticket_confirmation',
    subject: 'We received your message (ticket {{ticket_number}})',
    html: layout(
      `<h1 style="font-size:20px">Thank you for your message, {{name}}!</h1>` +
        `<p>Your ticket number is <strong>{{ticket_number}}</strong>. Please keep it for reference.</p>` +
        `<p>We'll respond to your inquiry as soon as possible.</p><p style="white-space:pre-wrap;color:#475569">{{subject}}\n\n{{message}}</p>`,
    ),
    text: "Thank you for your message, {{name}}!\n\nYour ticket number is {{ticket_number}}. Please keep it for reference.\nWe'll respond to your inquiry as soon as possible.\n\n{{subject}}\n\n{{message}}",
  },
};

export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const fill = (source: string, vars: Record<string, string>, asHtml: boolean) =>
  source.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = vars[key] ?? '';
    return asHtml && !key.endsWith('_html') ? escapeHtml(value) : value;
  });

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function renderTemplate(template: EmailTemplate, vars: Record<string, string>): RenderedEmail {
  return {
    // Subjects are plain text: never let a value add a line (header injection).
    subject: fill(template.subject, vars, false).replace(/[\r\n]+/g, ' '),
    html: fill(template.html, vars, true),
    text: fill(template.text, vars, false),
  };
}

/** The stored template of that name, or the default. */
export async function getTemplate(name: TemplateName): Promise<EmailTemplate> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: { pk: `EMAILTEMPLATE#${name}`, sk: 'TEMPLATE' } }),
  );
  if (
    Item &&
    typeof Item.subject === 'string' &&
    typeof Item.html === 'string' &&
    typeof Item.text === 'string'
  ) {
    return { name, subject: Item.subject, html: Item.html, text: Item.text };
  }
  return DEFAULT_TEMPLATES[name];
}
