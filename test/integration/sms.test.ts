/**
 * @local-stack exclusive: it removes and saves the SMS settings and the Twilio secret.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks';
import { counters, dayOf, smsMessage, smsOptOut, smsStatusEvent } from '../../functions/lib/entities';
import { adminSmsMessages as m } from '../../shared/messages';
import type { SmsHistory, SmsSendResult, SmsSettings } from '../../shared/schemas/admin-sms';
import type { SmsJob } from '../../shared/schemas/jobs';
import { createPlainUser, signIn } from '../support/cognito';
import { getItem, putItem, testDb } from '../support/db';
import { testSqs, waitForQueueDrained } from '../support/queues';
import { api, stack } from '../support/stack';
import { waitFor } from '../support/wait';

jest.setTimeout(180_000);

type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string> } };

const AUTH_TOKEN = randomBytes(16).toString('hex');
const ACCOUNT_SID = `AC${randomBytes(16).toString('hex')}`;
const FROM = '+15005550006';
/** A number the Twilio test server delivers to, unique to this run. */
const freshNumber = () => `+1415${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;

let token: string;
let plainToken: string;
let originalSettings: Record<string, unknown> | undefined;
let originalSecrets: string;
// The auth token lives in the signing secret (a file of its own locally).
const secretsFile = () => join(stack().dataDir, 'signing-secrets.json');
/** Every answer of this file, searched at the end for the auth token. */
const answers: string[] = [];

const call = async <T>(method: string, path: string, body?: unknown, bearer: string | null = token) => {
  const res = await api<T & ErrorBody>(`/api/admin/sms/${path}`, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  answers.push(JSON.stringify(res.body));
  return res;
};
const save = (body: unknown) => call<SmsSettings>('PATCH', 'settings', body);
const sendBulk = (recipients: string, message = 'Spring buyback prices are up') =>
  call<SmsSendResult>('POST', 'send', { recipients, message });
const history = async () => (await call<SmsHistory>('GET', 'messages')).body;

const twilioOrigin = () => (stack().urls as Record<string, string>).twilio;
async function twilioControl<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`${twilioOrigin()}/__control/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}
type SentMessage = { to: string; body: string; sid?: string };
/** What the Twilio test server received for one number (its own field names or Twilio's form names). */
const sentTo = async (to: string): Promise<SentMessage[]> => {
  const listed = await twilioControl<unknown[] | { messages: unknown[] }>('messages');
  const all = (Array.isArray(listed) ? listed : listed.messages) as Array<Record<string, string>>;
  return all
    .map((message) => ({
      to: message.to ?? message.To,
      body: message.body ?? message.Body,
      sid: message.sid ?? message.Sid,
    }))
    .filter((message) => message.to === to);
};

/** A form posted to one of the Twilio webhooks, signed (or not) like Twilio does. */
async function postWebhook(path: 'status' | 'inbound', form: Record<string, string>, signWith?: string) {
  const url = `${stack().urls.site}/api/webhooks/twilio/${path}`;
  const res = await api<{ received?: boolean; duplicate?: boolean } & ErrorBody>(
    `/api/webhooks/twilio/${path}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signWith ? { 'x-twilio-signature': getExpectedTwilioSignature(signWith, url, form) } : {}),
      },
      body: new URLSearchParams(form).toString(),
    },
  );
  answers.push(JSON.stringify(res.body));
  return res;
}

const messageRow = async (id: string) => (await history()).messages.find((row) => row.id === id);
const waitForStatus = (id: string, statuses: string[]) =>
  waitFor(
    `message ${id}`,
    () => messageRow(id),
    (row) => !!row && statuses.includes(row.status),
  );

const setDailyCount = (count: number) =>
  testDb().send(
    new UpdateCommand({
      TableName: stack().tableName,
      Key: counters.messagingDay(dayOf(new Date())),
      UpdateExpression: 'SET sms_daily = :n',
      ExpressionAttributeValues: { ':n': count },
    }),
  );
/** A message record written directly, as the sending route (queued) or the worker (sent, with a SID) would. */
async function putMessage(fields: { to: string; message: string; status: string; sid?: string }) {
  const id = randomUUID();
  const at = new Date().toISOString();
  await putItem({
    ...smsMessage.key(id),
    ...smsMessage.indexes(at, id),
    id,
    kind: 'marketing',
    ...fields,
    created_at: at,
    updated_at: at,
  });
  return id;
}
const dayCounters = async () =>
  ((await getItem(counters.messagingDay(dayOf(new Date())))) ?? {}) as Partial<Record<string, number>>;

beforeAll(async () => {
  token = (await signIn(stack().admin.email, stack().admin.password)).idToken;
  const email = `sms-staff-${Date.now()}@stripbuyback.test`;
  await createPlainUser(email, 'Str0ng!Passw0rd');
  plainToken = (await signIn(email, 'Str0ng!Passw0rd')).idToken;
  originalSettings = await getItem({ pk: 'SETTINGS', sk: 'SITE' });
  originalSecrets = readFileSync(secretsFile(), 'utf8');
  // This file starts from SMS never configured, whatever ran before it on this stack.
  await testDb().send(
    new UpdateCommand({
      TableName: stack().tableName,
      Key: { pk: 'SETTINGS', sk: 'SITE' },
      UpdateExpression: 'REMOVE sms_settings',
    }),
  );
  await setDailyCount(0);
  if (twilioOrigin()) await twilioControl('reset', 'POST');
});

afterAll(async () => {
  if (originalSettings) await putItem(originalSettings);
  writeFileSync(secretsFile(), originalSecrets, { mode: 0o600 });
  await setDailyCount(0);
  expect(answers.length).toBeGreaterThan(10);
  for (const answer of answers) expect(answer).not.toContain(AUTH_TOKEN);
});

describe('who may use the SMS routes', () => {
  it.each([
    ['GET', 'settings', undefined],
    ['PATCH', 'settings', { isEnabled: true }],
    ['POST', 'test', { to: '+15005550006' }],
    ['POST', 'send', { recipients: '+15005550006', message: 'hi' }],
    ['GET', 'messages', undefined],
  ])('%s %s: 401 signed out, 403 for a non-admin, nothing written', async (method, path, body) => {
    expect((await call(method, path, body, null)).status).toBe(401);
    expect((await call(method, path, body, plainToken)).status).toBe(403);
    expect((await getItem({ pk: 'SETTINGS', sk: 'SITE' }))?.sms_settings).toBeUndefined();
  });
});

describe('SMS settings', () => {
  it("answers the spec's defaults before any save, and sending says to configure first", async () => {
    const res = await call<SmsSettings>('GET', 'settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      configured: false,
      isEnabled: false,
      retryAttempts: 3,
      rateLimitPerDay: 100,
      messageFooter: 'Reply STOP to opt out',
    });
    const test = await call('POST', 'test', { to: '+15005550006' });
    expect([test.status, test.body.error?.message]).toEqual([409, m.settingsNotFound]);
    const bulk = await sendBulk('+15005550006');
    expect([bulk.status, bulk.body.error?.message]).toEqual([409, m.settingsNotFound]);
  });

  it.each([
    [{}, m.invalidSettings],
    [{ accountSid: 'AC123' }, m.invalidAccountSid],
    [{ authToken: 'short' }, m.invalidAuthToken],
    [{ phoneNumber: '555-0100' }, m.invalidPhone],
    [{ messageFooter: 'x'.repeat(161) }, m.footerTooLong],
    [{ isEnabled: 'yes' }, m.invalidSettings],
  ])('refuses a bad save (%#) with the spec message, writing nothing', async (body, message) => {
    const res = await save(body);
    expect([res.status, res.body.error?.message]).toEqual([400, message]);
    expect((await getItem({ pk: 'SETTINGS', sk: 'SITE' }))?.sms_settings).toBeUndefined();
  });

  it('saves each field on its own; the auth token only as set', async () => {
    const sid = await save({ accountSid: ACCOUNT_SID });
    expect(sid.status).toBe(200);
    expect(sid.body).toMatchObject({ configured: true, accountSid: ACCOUNT_SID, isEnabled: false });
    const tokenSaved = await save({ authToken: AUTH_TOKEN });
    expect(tokenSaved.body.authTokenSet).toBe(true);
    expect(JSON.parse(readFileSync(secretsFile(), 'utf8')).twilioAuthToken).toBe(AUTH_TOKEN);
    const number = await save({ phoneNumber: FROM, messageFooter: 'Reply STOP to opt out' });
    expect(number.body).toMatchObject({ accountSid: ACCOUNT_SID, phoneNumber: FROM, authTokenSet: true });
    const stored = (await getItem({ pk: 'SETTINGS', sk: 'SITE' }))?.sms_settings as Record<string, unknown>;
    expect(stored).toMatchObject({ account_sid: ACCOUNT_SID, phone_number: FROM });
    expect(JSON.stringify(stored)).not.toContain(AUTH_TOKEN);
  });

  it('refuses to send while SMS is disabled', async () => {
    const res = await call('POST', 'test', { to: '+15005550006' });
    expect([res.status, res.body.error?.message]).toEqual([409, m.settingsDisabled]);
    expect((await save({ isEnabled: true })).body.isEnabled).toBe(true);
  });
});

describe('sending: bad input', () => {
  it.each([
    ['test', {}, m.testRequired],
    ['test', { to: '' }, m.testRequired],
    ['test', { to: '5550100' }, m.invalidPhone],
    ['send', { recipients: ' , ', message: 'hi' }, m.recipientsRequired],
    ['send', { recipients: '+15005550006', message: '  ' }, m.messageRequired],
    ['send', { recipients: '+15005550006', message: 'x'.repeat(1439) }, m.messageTooLong],
    [
      'send',
      {
        recipients: Array.from({ length: 101 }, (_, i) => `+1415555${String(i).padStart(4, '0')}`).join(','),
        message: 'hi',
      },
      m.tooManyRecipients,
    ],
    ['send', { recipients: 'abc, 555', message: 'hi' }, m.allFailed],
  ])('%s (%#): 400 with the spec message, nothing recorded or sent', async (path, body, message) => {
    const before = (await history()).messages.length;
    const res = await call('POST', path, body);
    expect([res.status, res.body.error?.message]).toEqual([400, message]);
    expect((await history()).messages.length).toBe(before);
    expect((await dayCounters()).sms_daily ?? 0).toBe(0);
  });
});

describe('sending through the Twilio test server', () => {
  it('a bulk send queues the valid numbers, refuses the invalid and opted-out ones, and the history shows delivery', async () => {
    const good = freshNumber();
    const stopped = freshNumber();
    await putItem({
      ...smsOptOut.key(stopped),
      phone: stopped,
      source: 'inbound',
      created_at: new Date().toISOString(),
    });
    const res = await sendBulk(`${good}, 12345, ${stopped}, ${good}, +15005550001, +15005550004`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.someFailed);
    expect(res.body.queued.map((q) => q.to)).toEqual([good, '+15005550001', '+15005550004']);
    expect(res.body.refused).toEqual(
      expect.arrayContaining([
        { to: '12345', reason: m.invalidPhone },
        { to: good, reason: m.duplicateRecipient },
        { to: stopped, reason: m.optedOut },
      ]),
    );
    const id = res.body.queued[0].id;
    const delivered = await waitForStatus(id, ['delivered']);
    expect(delivered?.sid).toMatch(/^SM[0-9a-f]{32}$/);
    const [sent] = await sentTo(good);
    expect(sent.body).toBe('Spring buyback prices are up\n\nReply STOP to opt out');
    expect(await sentTo(stopped)).toHaveLength(0);
    // Twilio's refusals are recorded at once: invalid number, and opted out (which records the opt-out).
    const invalid = await waitForStatus(res.body.queued[1].id, ['failed']);
    expect(invalid?.error).toContain('21211');
    const optedOut = await waitForStatus(res.body.queued[2].id, ['failed']);
    expect(optedOut?.error).toContain('21610');
    expect(await getItem(smsOptOut.key('+15005550004'))).toBeDefined();
    // The refused opted-out number is in the history too, with the reason.
    const rows = (await history()).messages;
    expect(rows.find((row) => row.to === stopped)).toMatchObject({ status: 'failed', error: m.optedOut });
    const log = (await history()).statusLog;
    expect(log.find((event) => event.messageId === id && event.status === 'delivered')).toBeDefined();
  });

  it('a message with characters beyond the Basic Multilingual Plane (an emoji) is queued and sent whole', async () => {
    const to = freshNumber();
    const res = await sendBulk(to, 'Hi Zoë 😀, prices are up');
    expect(res.body.queued.map((q) => q.to)).toEqual([to]);
    await waitForStatus(res.body.queued[0].id, ['sent', 'delivered']);
    expect((await sentTo(to))[0].body).toBe('Hi Zoë 😀, prices are up\n\nReply STOP to opt out');
  });

  it('a test SMS is queued and sent with the spec text', async () => {
    const to = freshNumber();
    const res = await call<SmsSendResult>('POST', 'test', { to });
    expect([res.status, res.body.message]).toEqual([200, m.testSent]);
    await waitForStatus(res.body.queued[0].id, ['sent', 'delivered']);
    expect((await sentTo(to))[0].body).toContain(m.testText);
  });

  it('a token saved again is honoured by the very next callback, however soon after the last one', async () => {
    // Each new token makes the webhook read the secret again; three saves in a row fall within a minute.
    for (let round = 0; round < 3; round++) {
      expect((await save({ authToken: randomBytes(16).toString('hex') })).status).toBe(200);
      const res = await call<SmsSendResult>('POST', 'test', { to: freshNumber() });
      expect(res.status).toBe(200);
      expect((await waitForStatus(res.body.queued[0].id, ['delivered']))?.status).toBe('delivered');
    }
    expect((await save({ authToken: AUTH_TOKEN })).status).toBe(200);
  });

  it('a status Twilio calls back with before the worker stored the SID is applied once the SID is stored', async () => {
    await twilioControl('mode', 'POST', { mode: 'callbacks-first' });
    try {
      const res = await call<SmsSendResult>('POST', 'test', { to: freshNumber() });
      expect(res.status).toBe(200);
      const id = res.body.queued[0].id;
      expect((await waitForStatus(id, ['delivered']))?.status).toBe('delivered');
      const log = (await history()).statusLog.filter((event) => event.messageId === id);
      expect(log.map((event) => event.status)).toEqual(['delivered']);
    } finally {
      await twilioControl('mode', 'POST', { mode: 'ok' });
    }
  });

  it('a redelivered SMS job sends once', async () => {
    const to = freshNumber();
    const id = await putMessage({ to, message: 'Once only', status: 'queued' });
    const job: SmsJob = { messageId: id, to, body: 'Once only', kind: 'marketing' };
    const sqs = testSqs();
    const queueUrl = stack().queues['sms-jobs'];
    await Promise.all(
      [1, 2].map(() =>
        sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(job) })),
      ),
    );
    sqs.destroy();
    await waitForStatus(id, ['sent', 'delivered']);
    // Both deliveries handled (nothing left waiting or in flight): a second send would have happened by now.
    await waitForQueueDrained('sms-jobs');
    expect(await sentTo(to)).toHaveLength(1);
  });

  it('never passes the daily limit under concurrent sends', async () => {
    await setDailyCount(97);
    const numbers = Array.from({ length: 6 }, freshNumber);
    const results = await Promise.all(numbers.map((n) => sendBulk(n, 'Limit check')));
    const queued = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 400);
    expect(queued).toHaveLength(3);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(Object.values(r.body.error?.fields ?? {})).toEqual([m.dailyLimit(100)]);
    expect((await dayCounters()).sms_daily).toBe(100);
    expect((await call<SmsSettings>('GET', 'settings')).body.sentToday).toBe(100);
    await setDailyCount(0);
  });
});

describe('Twilio webhooks', () => {
  /** A message Twilio accepted (status sent), written directly: its status callbacks are what is tested. */
  async function acceptedMessage() {
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const id = await putMessage({ to: freshNumber(), message: 'Callback check', status: 'sent', sid });
    await putItem({ ...smsMessage.sidKey(sid), message_id: id, created_at: new Date().toISOString() });
    return { id, sid };
  }
  const statusOf = async (id: string) => (await getItem(smsMessage.key(id)))?.status;

  it('refuses an unsigned or forged status callback (401) and changes nothing', async () => {
    const { id, sid } = await acceptedMessage();
    const form = { MessageSid: sid, MessageStatus: 'delivered' };
    for (const res of [
      await postWebhook('status', form),
      await postWebhook('status', form, 'f'.repeat(32)),
    ]) {
      expect([res.status, res.body.error?.message]).toEqual([401, m.forgedCallback]);
    }
    // A Host header naming another site does not change the URL the signature is checked over.
    const forgedHost = await api<ErrorBody>('/api/webhooks/twilio/status', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-host': 'attacker.example',
        'x-twilio-signature': getExpectedTwilioSignature(
          AUTH_TOKEN,
          'https://attacker.example/api/webhooks/twilio/status',
          form,
        ),
      },
      body: new URLSearchParams(form).toString(),
    });
    expect(forgedHost.status).toBe(401);
    expect(await statusOf(id)).toBe('sent');
    expect(await getItem(smsStatusEvent.key(id, 'delivered'))).toBeUndefined();
  });

  it('applies a genuine callback once, and an older status never overwrites a newer one', async () => {
    const { id, sid } = await acceptedMessage();
    // The day's counter is shared: let the test server's own callbacks for earlier messages land first.
    const listed = await twilioControl<unknown[] | { messages: unknown[] }>('messages');
    const viaServer = new Set(
      ((Array.isArray(listed) ? listed : listed.messages) as Array<Record<string, string>>).map(
        (message) => message.sid ?? message.Sid,
      ),
    );
    await waitFor(
      'earlier messages settled',
      history,
      (h) =>
        h.messages.every(
          (row) => !row.sid || !viaServer.has(row.sid) || !['queued', 'sent'].includes(row.status),
        ),
      20_000,
    ).catch(() => undefined);
    const before = (await dayCounters()).sms_delivered ?? 0;
    const delivered = { MessageSid: sid, MessageStatus: 'delivered' };
    const first = await postWebhook('status', delivered, AUTH_TOKEN);
    expect([first.status, first.body.duplicate]).toEqual([200, false]);
    const again = await postWebhook('status', delivered, AUTH_TOKEN);
    expect([again.status, again.body.duplicate]).toEqual([200, true]);
    const older = await postWebhook('status', { MessageSid: sid, MessageStatus: 'sent' }, AUTH_TOKEN);
    expect([older.status, older.body.duplicate]).toEqual([200, true]);
    const otherFinal = await postWebhook(
      'status',
      { MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: '30003' },
      AUTH_TOKEN,
    );
    expect(otherFinal.body.duplicate).toBe(true);
    expect(await statusOf(id)).toBe('delivered');
    expect((await dayCounters()).sms_delivered).toBe(before + 1);
    const log = (await history()).statusLog.filter((event) => event.messageId === id);
    expect(log.map((event) => event.status)).toEqual(['delivered']);
  });

  it('refuses an unknown status (400) and changes nothing', async () => {
    const { id, sid } = await acceptedMessage();
    const res = await postWebhook('status', { MessageSid: sid, MessageStatus: 'teleported' }, AUTH_TOKEN);
    expect([res.status, res.body.error?.message]).toEqual([400, m.invalidCallback]);
    expect(await statusOf(id)).toBe('sent');
  });

  it('an inbound STOP opts the number out of later bulk sends; START opts it back in', async () => {
    const number = freshNumber();
    expect((await postWebhook('inbound', { From: number, Body: ' Stop ' })).status).toBe(401);
    expect(await getItem(smsOptOut.key(number))).toBeUndefined();
    expect((await postWebhook('inbound', { From: number, Body: ' Stop ' }, AUTH_TOKEN)).status).toBe(200);
    expect(await getItem(smsOptOut.key(number))).toBeDefined();
    const other = freshNumber();
    const res = await sendBulk(`${number}, ${other}`, 'After STOP');
    expect(res.status).toBe(200);
    expect(res.body.queued.map((q) => q.to)).toEqual([other]);
    expect(res.body.refused).toEqual([{ to: number, reason: m.optedOut }]);
    expect((await postWebhook('inbound', { From: number, Body: 'START' }, AUTH_TOKEN)).status).toBe(200);
    // Kept and marked, not deleted (the public webhook may not delete): the number is sent to again.
    expect(await getItem(smsOptOut.key(number))).toMatchObject({ opted_in_at: expect.any(String) });
    const again = await sendBulk(number, 'After START');
    expect(again.body.queued.map((q) => q.to)).toEqual([number]);
    // A START from a number that never opted out creates nothing.
    const never = freshNumber();
    expect((await postWebhook('inbound', { From: never, Body: 'START' }, AUTH_TOKEN)).status).toBe(200);
    expect(await getItem(smsOptOut.key(never))).toBeUndefined();
    await testDb().send(
      new DeleteCommand({ TableName: stack().tableName, Key: smsOptOut.key('+15005550004') }),
    );
  });
});
