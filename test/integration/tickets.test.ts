import { counters, ticket as ticketEntity } from '../../functions/lib/entities';
import { messages } from '../../shared/messages';
import { uniqueEmail } from '../support/checkout';
import { getItem } from '../support/db';
import { type CapturedEmail, waitForMail } from '../support/mail';
import { api } from '../support/stack';

jest.setTimeout(60_000);

const send = (body: unknown) =>
  api<{ ticketNumber?: string; error?: { message: string; fields?: Record<string, string> } }>(
    '/api/tickets',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );

describe('POST /api/tickets', () => {
  it('opens a support ticket and e-mails the shop and the sender', async () => {
    const email = uniqueEmail('ticket');
    const before = Number((await getItem(counters.tickets()))?.ticket_count ?? 0);
    const res = await send({
      name: 'Bo Diddley',
      email,
      phone: '(555) 222-3333',
      subject: 'Label question',
      message: 'Where is my prepaid label?',
    });
    expect(res.status).toBe(201);
    const number = res.body.ticketNumber!;
    expect(number).toMatch(/^T-[A-HJ-NP-Z2-9]{6}$/);

    const ticket = await getItem(ticketEntity.key(number));
    expect(ticket).toMatchObject({
      ticket_number: number,
      name: 'Bo Diddley',
      email,
      subject: 'Label question',
      message: 'Phone: (555) 222-3333\n\nWhere is my prepaid label?',
      tag: 'support',
      status: 'open',
    });
    expect(Number((await getItem(counters.tickets()))?.ticket_count)).toBeGreaterThanOrEqual(before + 1);

    const [confirmation] = await waitForMail(email);
    expect(confirmation.text).toContain(number);
    const settings = (await api<{ contact_email: string }>('/api/settings')).body;
    // The shop's mailbox is shared with the other files: wait for this ticket's copy.
    const subject = `New Lead/Support Ticket: ${number}`;
    const shop = await waitForMail(settings.contact_email, 1, undefined, (m) => m.subject === subject);
    expect(shop.map((m) => m.subject)).toContain(subject);
  });

  it('validates with the spec messages and stores nothing', async () => {
    const res = await send({ name: 'B', email: 'bo@', phone: '555', subject: 'H', message: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({
      name: messages.contact.name,
      email: messages.contact.email,
      phone: messages.contact.phone,
      subject: messages.contact.subject,
      message: messages.contact.message,
    });
  });

  it('escapes what the sender wrote in the shop e-mail', async () => {
    const email = uniqueEmail('xss');
    const res = await send({
      name: '<b>Eve</b>',
      email,
      phone: '5552223333',
      subject: '<script>x</script>',
      message: '<img src=x onerror=alert(1)>',
    });
    const number = res.body.ticketNumber!;
    const settings = (await api<{ contact_email: string }>('/api/settings')).body;
    const ours = (m: CapturedEmail) => m.subject === `New Lead/Support Ticket: ${number}`;
    const mail = (await waitForMail(settings.contact_email, 1, undefined, ours)).find(ours);
    expect(mail).toBeDefined();
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toContain('<img src=x');
    expect(mail!.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail!.html).toContain('&lt;script&gt;x&lt;/script&gt;');
  });
});
