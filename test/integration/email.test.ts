/**
 * @local-stack exclusive: it removes and saves the e-mail settings every order e-mail reads.
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { counters, dayOf, emailTemplate, order as orderEntity, settings } from '../../functions/lib/entities';
import { adminEmailMessages as m } from '../../shared/messages';
import type {
  EmailLogRow,
  EmailSettings,
  EmailTemplateDetail,
  EmailTemplatePreview,
  SendTestEmailResponse,
} from '../../shared/schemas/admin-email';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { createPlainUser, signIn } from '../support/cognito';
import { getItem, testDb } from '../support/db';
import { waitForMail } from '../support/mail';
import { api, stack } from '../support/stack';
import { waitFor } from '../support/wait';

jest.setTimeout(180_000);

type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string> } };

let token: string;
let plainToken: string;
const FROM = 'orders@stripbuyback.test';

const call = async <T>(method: string, path: string, body?: unknown, bearer: string | null = token) =>
  api<T & ErrorBody>(`/api/admin/email/${path}`, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const saveSettings = (body: unknown) => call<EmailSettings>('PUT', 'settings', body);
const sendTest = (to: unknown) => call<SendTestEmailResponse>('POST', 'test', { to });
const logs = async () => (await call<{ emails: EmailLogRow[] }>('GET', 'logs')).body.emails;
const control = async (url: string, body: unknown) => {
  const res = await fetch(url, { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const dayCounters = async () =>
  ((await getItem(counters.messagingDay(dayOf(new Date())))) ?? {}) as Partial<Record<string, number>>;

async function placeOrder(email: string) {
  const [product] = await catalogue();
  const res = await postOrder(checkoutBody(email, [{ productId: product.id, quantity: 1 }]));
  expect(res.status).toBe(201);
  return res.body as { orderId: string };
}

const forgetSettings = () =>
  testDb().send(
    new UpdateCommand({
      TableName: stack().tableName,
      Key: settings.key(),
      UpdateExpression: 'REMOVE email_settings',
    }),
  );
const forgetTemplate = (key: string) =>
  testDb().send(
    new UpdateCommand({
      TableName: stack().tableName,
      Key: emailTemplate.key(key),
      UpdateExpression: 'REMOVE display_name',
    }),
  );

beforeAll(async () => {
  token = (await signIn(stack().admin.email, stack().admin.password)).idToken;
  const email = `email-staff-${Date.now()}@stripbuyback.test`;
  await createPlainUser(email, 'Str0ng!Passw0rd');
  plainToken = (await signIn(email, 'Str0ng!Passw0rd')).idToken;
});

afterAll(async () => {
  // Other files send order e-mails: leave the stage's defaults (on, the stage's sender) and templates.
  await forgetSettings();
  await testDb()
    .send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: emailTemplate.key('order_confirmation'),
        UpdateExpression: 'SET subject = :s',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':s': 'Your order {{order_id}}: time to ship!' },
      }),
    )
    .catch(() => undefined);
  void forgetTemplate;
});

describe('access', () => {
  it.each([
    ['GET', 'settings'],
    ['PUT', 'settings'],
    ['POST', 'test'],
    ['GET', 'templates'],
    ['GET', 'templates/order_confirmation'],
    ['PUT', 'templates/order_confirmation'],
    ['POST', 'templates/order_confirmation/preview'],
    ['GET', 'logs'],
  ])(
    '%s %s refuses anonymous callers (401) and staff without the admin group (403)',
    async (method, path) => {
      const body = method === 'GET' ? undefined : {};
      expect((await call(method, path, body, null)).status).toBe(401);
      expect((await call(method, path, body, plainToken)).status).toBe(403);
    },
  );
});

describe('settings', () => {
  it('defaults to on with the stage sender, verified by SES', async () => {
    await forgetSettings();
    const res = await call<EmailSettings>('GET', 'settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isEnabled: true, replyTo: null, updatedAt: null });
    expect(res.body.fromEmail).toContain('@');
    expect(res.body.sender.status).toBe('verified');
  });

  it.each([
    [{ isEnabled: 'yes', fromEmail: FROM, replyTo: null }, m.invalidSettings],
    [{ isEnabled: true, fromEmail: 'not-an-address', replyTo: null }, m.invalidFrom],
    [{ isEnabled: true, fromEmail: FROM, replyTo: 'nope' }, m.invalidReplyTo],
    [{ isEnabled: true, fromEmail: FROM, replyTo: 5 }, m.invalidSettings],
    ['[1,2]', m.invalidSettings],
  ])('refuses %j with the message and changes nothing', async (body, message) => {
    const before = await getItem(settings.key());
    const res = await saveSettings(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error)).toContain(message);
    expect((await getItem(settings.key()))?.email_settings).toEqual(before?.email_settings);
  });

  it('saves the card and answers with the sender check; an unverified sender is named', async () => {
    const saved = await saveSettings({
      isEnabled: true,
      fromEmail: FROM,
      replyTo: ' help@stripbuyback.test ',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      isEnabled: true,
      fromEmail: FROM,
      replyTo: 'help@stripbuyback.test',
      sender: { status: 'verified' },
    });
    const unverified = 'nobody@unverified.example';
    await control(stack().urls.sesIdentity, { identity: 'unverified.example', verified: false });
    const res = await saveSettings({ isEnabled: true, fromEmail: unverified, replyTo: null });
    expect(res.body.sender).toEqual({ status: 'unverified', message: m.senderNotVerified(unverified) });
    const test = await sendTest('someone@example.com');
    expect(test.status).toBe(409);
    expect(test.body.error?.message).toBe(m.senderNotVerified(unverified));
    await saveSettings({ isEnabled: true, fromEmail: FROM, replyTo: null });
  });
});

describe('test e-mail', () => {
  it.each([
    [undefined, m.testRequired],
    ['', m.testRequired],
    ['   ', m.testRequired],
    ['not-an-address', m.testInvalid],
  ])('refuses %j with the message and sends nothing', async (to, message) => {
    const res = await call('POST', 'test', to === undefined ? {} : { to });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error)).toContain(message);
  });

  it('is refused while e-mail is switched off', async () => {
    await saveSettings({ isEnabled: false, fromEmail: FROM, replyTo: null });
    const res = await sendTest(uniqueEmail('test-off'));
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toBe(m.disabled);
    await saveSettings({ isEnabled: true, fromEmail: FROM, replyTo: null });
  });

  it('arrives in the SES emulator from the configured sender, and shows in Recent Emails', async () => {
    const to = uniqueEmail('test-mail');
    const before = await dayCounters();
    const res = await sendTest(to);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.testSent);
    const [mail] = await waitForMail(to);
    expect(mail.subject).toMatch(/^Test email from /);
    const row = (await logs()).find((r) => r.recipient === to);
    expect(row).toMatchObject({ status: 'sent', subject: mail.subject });
    expect(((await dayCounters()).email_sent ?? 0) - (before.email_sent ?? 0)).toBe(1);
  });
});

describe('templates', () => {
  it('lists the editable templates with name and subject, ordered by name', async () => {
    const res = await call<{ templates: Array<{ key: string; name: string; subject: string }> }>(
      'GET',
      'templates',
    );
    expect(res.status).toBe(200);
    const keys = res.body.templates.map((t) => t.key).sort();
    expect(keys).toEqual([
      'order_completed',
      'order_confirmation',
      'order_inspected',
      'ticket_confirmation',
      'ticket_notification',
    ]);
    const names = res.body.templates.map((t) => t.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('answers 400 with the spec message for an unknown template', async () => {
    const res = await call('GET', 'templates/newsletter');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error)).toContain(m.templateNotFound('newsletter'));
  });

  it('refuses a template with an unknown or malformed variable, and writes nothing', async () => {
    const current = (await call<EmailTemplateDetail>('GET', 'templates/order_confirmation')).body;
    for (const [subject, message] of [
      ['Order {{order_number}}', m.templateUnknownVariable('order_number')],
      ['Order {{ order_id }}', 'is not a variable'],
      ['Order {{order_id}', 'is not part of a {{variable}}'],
    ]) {
      const input = { name: current.name, subject, html: current.html, text: current.text };
      const saved = await call('PUT', 'templates/order_confirmation', input);
      expect(saved.status).toBe(400);
      expect(saved.body.error?.message).toContain(message);
      const preview = await call('POST', 'templates/order_confirmation/preview', input);
      expect(preview.status).toBe(400);
    }
    const items = { name: 'x', subject: 'Items {{items_html}}', html: '<p>x</p>', text: 'x' };
    expect((await call('PUT', 'templates/order_confirmation', items)).status).toBe(400);
    expect((await call<EmailTemplateDetail>('GET', 'templates/order_confirmation')).body).toEqual(current);
  });

  it('previews with a sample order, every value escaped', async () => {
    const res = await call<EmailTemplatePreview>('POST', 'templates/order_confirmation/preview', {
      name: 'Confirmation',
      subject: 'Hi {{first_name}}',
      html: '<p>Hi {{first_name}}</p>{{items_html}}',
      text: 'Hi {{first_name}}',
    });
    expect(res.status).toBe(200);
    expect(res.body.html).toContain('Hi Jamie &lt;Sample&gt;');
    expect(res.body.html).not.toContain('<Sample>');
    expect(res.body.html).toContain('&lt;3-pack&gt; &amp; &quot;box&quot;');
    expect(res.body.text).toBe('Hi Jamie <Sample>');
  });

  it('saves a template that the next order e-mail uses', async () => {
    const current = (await call<EmailTemplateDetail>('GET', 'templates/order_confirmation')).body;
    const marker = `Ship it ${randomUUID().slice(0, 6)}`;
    const saved = await call<EmailTemplateDetail>('PUT', 'templates/order_confirmation', {
      name: 'Order confirmation',
      subject: `${marker}: order {{order_id}}`,
      html: current.html,
      text: current.text,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ customized: true, subject: `${marker}: order {{order_id}}` });
    const email = uniqueEmail('templated');
    const { orderId } = await placeOrder(email);
    const [mail] = await waitForMail(email);
    expect(mail.subject).toBe(`${marker}: order ${orderId}`);
  });
});

describe('order e-mails and delivery', () => {
  it('are not sent while e-mail is off, and the order shows why', async () => {
    await saveSettings({ isEnabled: false, fromEmail: FROM, replyTo: null });
    try {
      const email = uniqueEmail('off');
      const { orderId } = await placeOrder(email);
      const stored = await waitFor(
        'order e-mail status',
        () => getItem(orderEntity.key(orderId)),
        (item) => item?.email_delivery_status === 'skipped',
      );
      expect(stored?.email_error).toBe(m.orderEmailSkipped);
      const row = (await logs()).find((r) => r.recipient === email);
      expect(row).toMatchObject({ status: 'skipped', error: m.orderEmailSkipped });
      // Staff sending one by hand are told at once.
      const manual = await api<ErrorBody>(`/api/admin/orders/${orderId}/emails`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ template: 'order_confirmation' }),
      });
      expect(manual.status).toBe(409);
      expect(manual.body.error?.message).toBe(m.disabled);
    } finally {
      await saveSettings({ isEnabled: true, fromEmail: FROM, replyTo: null });
    }
  });

  it('records a bounce on the log entry and on its order, once', async () => {
    const email = uniqueEmail('bounce');
    const { orderId } = await placeOrder(email);
    await waitForMail(email);
    await waitFor(
      'order e-mail sent',
      () => getItem(orderEntity.key(orderId)),
      (item) => item?.email_delivery_status === 'sent',
    );
    const before = await dayCounters();
    const bounce = await control(stack().urls.sesBounce, { to: email });
    expect(bounce.status).toBe(200);
    expect(bounce.body.delivered).toBe(1);
    const row = (await logs()).find((r) => r.recipient === email);
    expect(row?.status).toBe('bounced');
    expect(row?.error).toMatch(/Bounced \(Permanent\/General\)/);
    const stored = await getItem(orderEntity.key(orderId));
    expect(stored?.email_delivery_status).toBe('bounced');
    // A repeated notification changes nothing and counts nothing.
    await control(stack().urls.sesBounce, { to: email });
    expect(((await dayCounters()).email_bounced ?? 0) - (before.email_bounced ?? 0)).toBe(1);
  });

  it('records a complaint', async () => {
    const to = uniqueEmail('complaint');
    await sendTest(to);
    await waitForMail(to);
    expect((await control(stack().urls.sesComplaint, { to })).status).toBe(200);
    expect((await logs()).find((r) => r.recipient === to)?.status).toBe('complained');
  });

  it('the control refuses what it cannot simulate', async () => {
    expect((await control(stack().urls.sesBounce, {})).status).toBe(400);
    expect((await control(stack().urls.sesBounce, { to: 'never-sent@example.com' })).status).toBe(400);
  });

  it('Recent Emails lists at most 10, newest first', async () => {
    const rows = await logs();
    expect(rows.length).toBeLessThanOrEqual(10);
    const times = rows.map((r) => r.sentAt);
    expect(times).toEqual([...times].sort().reverse());
  });
});
