import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { textMessages } from '../../shared/messages';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { testDb } from '../support/db';
import { api, stack } from '../support/stack';

jest.setTimeout(120_000);

type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string> } };

/** Every stored item that mentions `marker` anywhere (the table is small on a test stack). */
async function itemsMentioning(marker: string): Promise<unknown[]> {
  const found: unknown[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await testDb().send(
      new ScanCommand({ TableName: stack().tableName, ExclusiveStartKey: start }),
    );
    found.push(...(page.Items ?? []).filter((item) => JSON.stringify(item).includes(marker)));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

const postTicket = (body: unknown) =>
  api<ErrorBody & { ticketNumber?: string }>('/api/tickets', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const ticket = (email: string, over: Record<string, unknown> = {}) => ({
  name: 'Ann Lee',
  email,
  phone: '(555) 123-4567',
  subject: 'A question about my box',
  message: 'Hello,\nWhen will my box be checked?\r\nThanks',
  ...over,
});

describe('text fields refuse control characters, naming the field, and write nothing', () => {
  it.each([
    ['firstName', 'Ann\u0000', 'First name'],
    ['lastName', 'Lee\u0007', 'Last name'],
    ['address', '1 Main St\r\nATTN: Mallory', 'Address'],
    ['city', 'Aus\ttin', 'City'],
  ])('checkout: %s with a control character', async (field, value, label) => {
    const [product] = await catalogue();
    const email = uniqueEmail('control');
    const res = await postOrder(
      checkoutBody(email, [{ productId: product.id, quantity: 1 }], { [field]: value }),
    );
    const body = res.body as ErrorBody;
    expect([res.status, body.error?.fields?.[field]]).toEqual([400, textMessages.controlCharacters(label)]);
    expect(body.error?.message).toBe(textMessages.controlCharacters(label));
    expect(await itemsMentioning(email)).toEqual([]);
  });

  it.each([
    ['name', 'Ann\r\nBcc: victim@example.com', textMessages.controlCharacters('Name')],
    ['subject', 'Hello\u001b[31m', textMessages.controlCharacters('Subject')],
    ['message', 'A message long enough\u0000 with a NUL', textMessages.controlCharactersMultiLine('Message')],
    ['message', 'A message long enough\twith a tab', textMessages.controlCharactersMultiLine('Message')],
  ])('contact form: %s with a control character', async (field, value, message) => {
    const email = uniqueEmail('control-ticket');
    const res = await postTicket(ticket(email, { [field]: value }));
    expect([res.status, res.body.error?.fields?.[field]]).toEqual([400, message]);
    expect(await itemsMentioning(email)).toEqual([]);
  });

  it('a message keeps its line breaks (the ticket is stored as written)', async () => {
    const email = uniqueEmail('control-ok');
    const res = await postTicket(ticket(email));
    expect(res.status).toBe(201);
    // The ticket (beside it, the confirmation's limit window names the address too).
    const stored = await itemsMentioning(email);
    expect(JSON.stringify(stored)).toContain('Hello,\\nWhen will my box be checked?\\r\\nThanks');
  });
});
