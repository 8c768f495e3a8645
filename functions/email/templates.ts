import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db.js';
import { emailTemplate } from '../lib/entities.js';

/**
 * E-mail templates are data: a subject, an HTML and a text body with `{{name}}` placeholders. Each default
 * lives beside the feature that sends it (order-templates.ts, ticket-templates.ts), so a Lambda bundles only
 * its own; a stored template of the same name (pk EMAILTEMPLATE#<name>, written by the back office) wins.
 * Values are HTML-escaped in the HTML body, except placeholders ending in `_html`, which the caller renders.
 */
export interface EmailTemplate {
  name: TemplateName;
  subject: string;
  html: string;
  text: string;
}
export type TemplateName = 'order_confirmation' | 'ticket_notification' | 'ticket_confirmation';

export const layout = (body: string): string =>
  `<!doctype html><html><body style="margin:0;background:#f4f7fb;font-family:Arial,Helvetica,sans-serif;color:#0f172a">` +
  `<div style="max-width:600px;margin:0 auto;padding:24px"><div style="background:#ffffff;border-radius:12px;padding:28px">` +
  `${body}</div><p style="font-size:12px;color:#475569;text-align:center">{{site_name}}</p></div></body></html>`;

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

/** The stored template of the default's name, or the default itself. */
export async function getTemplate(fallback: EmailTemplate): Promise<EmailTemplate> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: emailTemplate.key(fallback.name) }),
  );
  if (
    Item &&
    typeof Item.subject === 'string' &&
    typeof Item.html === 'string' &&
    typeof Item.text === 'string'
  ) {
    return { name: fallback.name, subject: Item.subject, html: Item.html, text: Item.text };
  }
  return fallback;
}
