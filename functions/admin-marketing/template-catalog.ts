import { adminEmailMessages as m } from '../../shared/messages.js';
import type { EmailTemplateInput, EmailTemplateKey } from '../../shared/schemas/admin-email.js';
import {
  type EmailTemplate,
  escapeHtml,
  type RenderedEmail,
  renderTemplate,
} from '../lib/email/templates.js';
import { TICKET_CONFIRMATION, TICKET_NOTIFICATION } from '../lib/email/ticket-templates.js';
import { ORDER_COMPLETED, ORDER_CONFIRMATION, ORDER_INSPECTED } from '../lib/order-emails.js';

/** A `{{name}}` a template may use: what it holds, and the value the preview shows. */
export interface TemplateVariable {
  name: string;
  description: string;
  sample: string;
}

const SAMPLE_ITEMS = [
  { name: 'OneTouch Verio 50ct', quantity: 2, total: '$40.00' },
  { name: 'Dexcom G7 Sensor <3-pack> & "box"', quantity: 1, total: '$85.00' },
];

const v = (name: string, description: string, sample: string): TemplateVariable => ({
  name,
  description,
  sample,
});

const SITE = v('site_name', 'The site name (Settings)', 'Strip Buyback');
const ORDER_VARIABLES: TemplateVariable[] = [
  SITE,
  v('first_name', "The seller's first name", 'Jamie <Sample>'),
  v('order_id', 'The order number', 'C1A2B3C'),
  v('total', 'What the order pays', '$125.00'),
  v('payout_method', 'The payout method the seller chose', 'PayPal'),
  v(
    'items_html',
    'The items as table rows (HTML body only)',
    SAMPLE_ITEMS.map(
      (i) => `<tr><td>${escapeHtml(i.name)} &times; ${i.quantity}</td><td>${i.total}</td></tr>`,
    ).join(''),
  ),
  v(
    'items_text',
    'The items, one per line',
    SAMPLE_ITEMS.map((i) => `- ${i.name} x ${i.quantity}: ${i.total}`).join('\n'),
  ),
  v(
    'confirmation_url',
    'The private order link (label and QR code)',
    'https://example.com/order-confirmation?token=sample',
  ),
  v('track_url', 'The public order tracking page', 'https://example.com/order-status'),
  v('contact_url', 'The contact page', 'https://example.com/contact'),
];
const TICKET_VARIABLES: TemplateVariable[] = [
  SITE,
  v('ticket_number', 'The ticket number', 'TKT-20261125-0042'),
  v('name', "The sender's name", 'Jamie <Sample>'),
  v('email', "The sender's e-mail address", 'jamie@example.com'),
  v('subject', 'The subject of the message', 'Question about "shipping" & labels'),
  v('message', 'The message', 'Hello,\nHow long does payment take?'),
];
/** The sender's copy names no text of the sender's: the form must not relay text to any address typed in. */
const TICKET_CONFIRMATION_VARIABLES: TemplateVariable[] = [SITE, TICKET_VARIABLES[1]];

interface CatalogEntry {
  name: string;
  template: EmailTemplate;
  variables: TemplateVariable[];
}

/** Every template staff may edit, with its built-in default and the variables its sender fills. */
export const TEMPLATE_CATALOG: Record<EmailTemplateKey, CatalogEntry> = {
  order_confirmation: {
    name: 'Order confirmation',
    template: ORDER_CONFIRMATION,
    variables: ORDER_VARIABLES,
  },
  order_completed: {
    name: 'Order completed',
    template: ORDER_COMPLETED,
    variables: [
      ...ORDER_VARIABLES,
      v('paid_amount', 'What was paid', '$125.00'),
      v('payment_method', 'How it was paid', 'Direct Deposit'),
      v('completion_date', 'When the order was completed', 'November 25, 2026'),
      v('quote', 'The original quote (the order total at checkout)', '$125.00'),
      v(
        'difference_text',
        'Why what was paid differs from the quote (empty when it does not)',
        'Your quote was $125.00; we paid $105.00 because of what we found when we checked your box:\n- Dexcom G7 Sensor: 1 not accepted: Opened or unsealed\n\n',
      ),
      v(
        'difference_html',
        'The same, as HTML (HTML body only)',
        '<p>Your quote was $125.00; we paid $105.00 because of what we found when we checked your box:</p><table><tr><td>Dexcom G7 Sensor</td><td>1 not accepted: Opened or unsealed</td></tr></table>',
      ),
    ],
  },
  order_inspected: {
    name: 'Order inspected',
    template: ORDER_INSPECTED,
    variables: [
      ...ORDER_VARIABLES,
      v('quote', 'The original quote (the order total at checkout)', '$125.00'),
      v('amount_due', 'What the accepted items earn', '$105.00'),
      v(
        'inspection_html',
        'Line by line: accepted, reduced (price and reason), not accepted (reason), as tables (HTML body only)',
        '<table><tr><td>OneTouch Verio 50ct</td><td>2 accepted at full value</td></tr><tr><td>Dexcom G7 Sensor &lt;3-pack&gt;</td><td>1 not accepted: Opened or unsealed</td></tr></table>',
      ),
      v(
        'inspection_text',
        'Line by line, one line per product',
        '- OneTouch Verio 50ct: 2 accepted at full value\n- Dexcom G7 Sensor <3-pack>: 1 not accepted: Opened or unsealed',
      ),
      v(
        'answer_by',
        'The date the seller may answer until (empty when there is nothing to answer)',
        'December 9, 2026',
      ),
      v(
        'answer_url',
        'The private order link, where the seller answers',
        'https://example.com/order-confirmation?token=sample',
      ),
      v(
        'next_steps',
        'What the seller may do next (answer by a date, or nothing to do)',
        'Some items were reduced or not accepted. Accept the amount due, or ask for the items back. Please choose by December 9, 2026.',
      ),
    ],
  },
  ticket_notification: {
    name: 'New ticket (to the shop)',
    template: TICKET_NOTIFICATION,
    variables: TICKET_VARIABLES,
  },
  ticket_confirmation: {
    name: 'Ticket received (to the sender)',
    template: TICKET_CONFIRMATION,
    variables: TICKET_CONFIRMATION_VARIABLES,
  },
};

const PLACEHOLDER = /\{\{(.*?)\}\}/gs;

/**
 * Why a template cannot be used as written, or null: every `{{...}}` must name a variable of its template
 * (spelled exactly, `{{order_id}}`), `_html` values go only in the HTML body, and no `{{` or `}}` may be left
 * unpaired (it would reach the seller as it is).
 */
export function templateProblem(key: EmailTemplateKey, input: EmailTemplateInput): string | null {
  if (!input.html.trim() && !input.text.trim()) return m.templateBodyRequired;
  const known = new Set(TEMPLATE_CATALOG[key].variables.map((variable) => variable.name));
  const parts = [
    ['Subject', input.subject],
    ['HTML body', input.html],
    ['Text body', input.text],
  ] as const;
  const unknown = new Set<string>();
  for (const [label, source] of parts) {
    for (const [, inner] of source.matchAll(PLACEHOLDER)) {
      if (!/^\w+$/.test(inner)) {
        return m.templateBroken(
          `${label}: "{{${inner}}}" is not a variable (write it as {{name}}, no spaces)`,
        );
      }
      if (!known.has(inner)) unknown.add(inner);
      else if (inner.endsWith('_html') && label !== 'HTML body') {
        return m.templateBroken(`${label}: {{${inner}}} can only be used in the HTML body`);
      }
    }
    const rest = source.replace(PLACEHOLDER, '');
    if (rest.includes('{{') || rest.includes('}}')) {
      return m.templateBroken(`${label}: a "{{" or "}}" is not part of a {{variable}}`);
    }
  }
  return unknown.size ? m.templateUnknownVariable([...unknown].join(', ')) : null;
}

/** The template rendered with the sample values (escaped like every real value). */
export function renderSample(key: EmailTemplateKey, input: EmailTemplateInput): RenderedEmail {
  const vars = Object.fromEntries(
    TEMPLATE_CATALOG[key].variables.map((variable) => [variable.name, variable.sample]),
  );
  return renderTemplate(input, vars);
}
