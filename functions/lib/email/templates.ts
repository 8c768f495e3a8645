import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { EmailTemplateKey } from '../../../shared/schemas/admin-email.js';
import { db, tableName } from '../db.js';
import { emailTemplate } from '../entities.js';

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
/** The templates the code sends by key (shared with the back office's template editor). */
export type TemplateName = EmailTemplateKey;

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

export function renderTemplate(template: RenderedEmail, vars: Record<string, string>): RenderedEmail {
  return {
    // Subjects are plain text: never let a value add a line (header injection).
    subject: fill(template.subject, vars, false).replace(/[\r\n]+/g, ' '),
    html: fill(template.html, vars, true),
    text: fill(template.text, vars, false),
  };
}

const usable = (item: Record<string, unknown>): boolean =>
  typeof item.subject === 'string' &&
  typeof item.html === 'string' &&
  typeof item.text === 'string' &&
  item.subject.trim() !== '' &&
  (item.html.trim() !== '' || item.text.trim() !== '');

/** Where a stored template (the back office's override of a default) lives. */
export const templateKey = (name: string) => emailTemplate.key(name);

async function storedTemplate(name: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: templateKey(name) }));
  return Item;
}

/** getTemplate's rule, given the stored item as read: a usable stored template wins over the default. */
export function storedOrDefault(
  Item: Record<string, unknown> | undefined,
  fallback: EmailTemplate,
): EmailTemplate {
  if (Item && usable(Item)) {
    return {
      name: fallback.name,
      subject: Item.subject as string,
      html: Item.html as string,
      text: Item.text as string,
    };
  }
  return fallback;
}

/** The stored template of the default's name, or the default itself. */
export async function getTemplate(fallback: EmailTemplate): Promise<EmailTemplate> {
  return storedOrDefault(await storedTemplate(fallback.name), fallback);
}

/**
 * findTemplate's rule, given the stored item as read: the stored template, else the default; null when the
 * stored row exists but cannot be rendered, or the name has no default.
 */
export function storedOrNothing(
  Item: Record<string, unknown> | undefined,
  name: TemplateName,
  defaults: Partial<Record<TemplateName, EmailTemplate>>,
): EmailTemplate | null {
  if (Item) {
    return usable(Item)
      ? { name, subject: Item.subject as string, html: Item.html as string, text: Item.text as string }
      : null;
  }
  return defaults[name] ?? null;
}

/**
 * For staff sending a named template on purpose: the stored template, else the default; null when the stored
 * row exists but cannot be rendered (staff broke it: say so rather than silently send the default) or the
 * name has no default.
 */
export async function findTemplate(
  name: TemplateName,
  defaults: Partial<Record<TemplateName, EmailTemplate>>,
): Promise<EmailTemplate | null> {
  return storedOrNothing(await storedTemplate(name), name, defaults);
}
