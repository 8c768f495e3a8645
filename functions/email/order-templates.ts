import { type EmailTemplate, layout } from './templates.js';

/** The confirmation a seller receives after checkout, with the secret order link. */
export const ORDER_CONFIRMATION: EmailTemplate = {
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
};

/** The e-mail a seller receives when staff complete the order: what was paid, how and when (spec 001 §4). */
export const ORDER_COMPLETED: EmailTemplate = {
  name: 'order_completed',
  subject: 'Your order {{order_id}} is complete: you have been paid',
  html: layout(
    `<h1 style="font-size:22px;margin:0 0 12px">Good news, {{first_name}}! You've been paid.</h1>` +
      `<p>Your order <strong>{{order_id}}</strong> is complete. We sent you <strong>{{paid_amount}}</strong> by <strong>{{payment_method}}</strong> on {{completion_date}}.</p>` +
      `<table style="width:100%;border-collapse:collapse;margin:16px 0">{{items_html}}</table>` +
      `<p>Order total: <strong>{{total}}</strong></p>` +
      `<p><a href="{{confirmation_url}}" style="display:inline-block;background:#0b57a4;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">View your order</a></p>` +
      `<p>Track your order: <a href="{{track_url}}">{{track_url}}</a><br>Questions about your payment? <a href="{{contact_url}}">Contact us</a>.</p>` +
      `<p>Thank you for selling with us!</p>`,
  ),
  text:
    "Good news, {{first_name}}! You've been paid.\n\nYour order {{order_id}} is complete. We sent you {{paid_amount}} by {{payment_method}} on {{completion_date}}.\n\n{{items_text}}\n\nOrder total: {{total}}\n\n" +
    'View your order: {{confirmation_url}}\nTrack your order: {{track_url}}\nQuestions about your payment? {{contact_url}}\n\nThank you for selling with us!',
};
