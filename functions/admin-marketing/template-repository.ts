import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { compareText } from '../../shared/rules/text-order.js';
import {
  EMAIL_TEMPLATE_KEYS,
  type EmailTemplateDetail,
  type EmailTemplateInput,
  type EmailTemplateKey,
  type EmailTemplateRow,
} from '../../shared/schemas/admin-email.js';
import { batchGetItems, db, tableName } from '../lib/db.js';
import { emailTemplate } from '../lib/entities.js';
import { validationError } from '../lib/errors.js';
import { TEMPLATE_CATALOG, templateProblem } from './template-catalog.js';

type StoredTemplate = {
  pk: string;
  display_name?: unknown;
  subject?: unknown;
  html?: unknown;
  text?: unknown;
  updated_at?: unknown;
};

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A stored template over its default: staff's saved text wins field by field; the key never changes. */
function toDetail(key: EmailTemplateKey, item: StoredTemplate | undefined): EmailTemplateDetail {
  const entry = TEMPLATE_CATALOG[key];
  return {
    key,
    name: str(item?.display_name)?.trim() || entry.name,
    subject: str(item?.subject) ?? entry.template.subject,
    html: str(item?.html) ?? entry.template.html,
    text: str(item?.text) ?? entry.template.text,
    customized: item !== undefined,
    updatedAt: str(item?.updated_at) ?? null,
    variables: entry.variables.map(({ name, description }) => ({ name, description })),
  };
}

const toRow = ({ key, name, subject, customized, updatedAt }: EmailTemplateDetail): EmailTemplateRow => ({
  key,
  name,
  subject,
  customized,
  updatedAt,
});

/** The list (spec 001: name, subject), ordered by name: one BatchGet of the four possible rows. */
export async function listTemplates(): Promise<EmailTemplateRow[]> {
  const items = await batchGetItems<StoredTemplate>(EMAIL_TEMPLATE_KEYS.map((key) => emailTemplate.key(key)));
  const byPk = new Map(items.map((item) => [item.pk, item]));
  return EMAIL_TEMPLATE_KEYS.map((key) => toRow(toDetail(key, byPk.get(emailTemplate.key(key).pk)))).sort(
    (a, b) => compareText(a.name, b.name),
  );
}

export async function getTemplateDetail(key: EmailTemplateKey): Promise<EmailTemplateDetail> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: emailTemplate.key(key), ConsistentRead: true }),
  );
  return toDetail(key, Item as StoredTemplate | undefined);
}

/** Refused with the reason (400, nothing written) when the text names an unknown variable or cannot render. */
export function assertRenderable(key: EmailTemplateKey, input: EmailTemplateInput): void {
  const problem = templateProblem(key, input);
  if (problem) throw validationError(problem, { template: problem });
}

/** Saves the whole template (last save wins: staff edit one template at a time, the text is theirs). */
export async function saveTemplate(
  key: EmailTemplateKey,
  input: EmailTemplateInput,
  now: Date,
  by: string | undefined,
): Promise<EmailTemplateDetail> {
  assertRenderable(key, input);
  const item = {
    ...emailTemplate.key(key),
    entity: 'email-template',
    display_name: input.name,
    subject: input.subject,
    html: input.html,
    text: input.text,
    updated_at: now.toISOString(),
    ...(by ? { updated_by: by } : {}),
  };
  await db.send(new PutCommand({ TableName: tableName(), Item: item }));
  return toDetail(key, item);
}
