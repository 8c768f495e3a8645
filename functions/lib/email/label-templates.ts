import { layout, type RenderedEmail } from './templates.js';

/**
 * The prepaid label, e-mailed once per label bought (the home page and FAQ promise the label in the inbox):
 * the Print Label link (the carrier's PDF), the USPS QR code page, the tracking number and the date to ship by
 * (the label's validity, spec 000: 7 days).
 */
export const LABEL_READY: RenderedEmail = {
  subject: 'Your free shipping label for order {{order_id}}',
  html: layout(
    `<h1 style="font-size:22px;margin:0 0 12px">Your prepaid label is ready, {{first_name}}!</h1>` +
      `<p>Here is the free USPS shipping label for your order <strong>{{order_id}}</strong>. Print it, or show the QR code at any postal location and they will print it for you.</p>` +
      `<p><a href="{{label_url}}" style="display:inline-block;background:#0b57a4;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Print Label</a> ` +
      `<a href="{{qr_url}}" style="display:inline-block;background:#ffffff;color:#0b57a4;border:2px solid #0b57a4;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:bold">USPS QR Code</a></p>` +
      `<p>Tracking number: <strong>{{tracking_number}}</strong><br>Ship by: <strong>{{ship_by}}</strong> (the label expires after that date)</p>` +
      `<h2 style="font-size:16px">Shipping tips</h2><ul><li>Pack only the items in this order.</li><li>Attach the label to the outside of the box and drop it off at any USPS location.</li></ul>` +
      `<p>View your order: <a href="{{confirmation_url}}">{{confirmation_url}}</a><br>Questions? <a href="{{contact_url}}">Contact us</a>.</p>`,
  ),
  text:
    'Your prepaid label is ready, {{first_name}}!\n\nHere is the free USPS shipping label for your order {{order_id}}. Print it, or show the QR code at any postal location and they will print it for you.\n\n' +
    'Print Label: {{label_url}}\nUSPS QR Code: {{qr_url}}\n\nTracking number: {{tracking_number}}\nShip by: {{ship_by}} (the label expires after that date)\n\n' +
    'Shipping tips:\n- Pack only the items in this order.\n- Attach the label to the outside of the box and drop it off at any USPS location.\n\n' +
    'View your order: {{confirmation_url}}\nQuestions? {{contact_url}}',
};

/**
 * The return label for the items the seller asked back (the rejected, returnable ones), e-mailed once when staff
 * buy it: the carrier's label link (ours to print, the seller has nothing to print), what comes back and the
 * tracking number.
 */
export const RETURN_LABEL: RenderedEmail = {
  subject: 'Your items from order {{order_id}} are on their way back',
  html: layout(
    `<h1 style="font-size:22px;margin:0 0 12px">Your items are coming back, {{first_name}}.</h1>` +
      `<p>You asked for the items we did not accept from your order <strong>{{order_id}}</strong> back. We bought a prepaid return label and will ship them to:</p>` +
      `<p>{{address}}</p>` +
      `<p>What comes back:</p><ul>{{items_html}}</ul>` +
      `<p>Tracking number: <strong>{{tracking_number}}</strong><br>Return label: <a href="{{label_url}}">{{label_url}}</a></p>` +
      `<p>We pay the amount due for the items we accepted. View your order: <a href="{{confirmation_url}}">{{confirmation_url}}</a><br>Questions? <a href="{{contact_url}}">Contact us</a>.</p>`,
  ),
  text:
    'Your items are coming back, {{first_name}}.\n\nYou asked for the items we did not accept from your order {{order_id}} back. We bought a prepaid return label and will ship them to:\n{{address}}\n\n' +
    'What comes back:\n{{items_text}}\n\nTracking number: {{tracking_number}}\nReturn label: {{label_url}}\n\n' +
    'We pay the amount due for the items we accepted. View your order: {{confirmation_url}}\nQuestions? {{contact_url}}',
};
