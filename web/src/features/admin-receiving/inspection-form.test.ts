import { describe, expect, test } from '@jest/globals';
import { receivingMessages as m } from '@shared/admin-messages';
import type { ReceivingOrder } from '@shared/schemas/receiving';
import { blankExtra, initialInspectionForm, inspectionProblems, toSaveRequest } from './inspection-form';

const A = '0f3a8c1e-1111-4a4a-8a8a-000000000001';
const B = '0f3a8c1e-2222-4a4a-8a8a-000000000002';
const C = '0f3a8c1e-3333-4a4a-8a8a-000000000003';

const order = (over: Partial<ReceivingOrder> = {}): ReceivingOrder => ({
  orderId: 'C7K2M9Q',
  createdAt: '2026-11-20T10:00:00.000Z',
  status: 'processing',
  shipmentStatus: 'delivered',
  customer: { name: 'Ann Lee', email: 'ann@example.com', phone: '' },
  shippingAddress: { address: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
  items: [
    { productId: A, name: 'Strips A', quantity: 3, price: 20 },
    { productId: B, name: 'Strips B', quantity: 2, price: 12.5 },
  ],
  total: 85,
  photos: [],
  ...over,
});

describe('the inspection form', () => {
  test('starts from every ordered box received and accepted', () => {
    const form = initialInspectionForm(order());
    expect(form.lines.map((l) => [l.productId, l.received, l.accepted, l.ordered])).toEqual([
      [A, '3', '3', 3],
      [B, '2', '2', 2],
    ]);
    expect(form.extras).toEqual([]);
    expect(inspectionProblems(form)).toEqual({});
  });

  test('starts from the saved inspection when there is one', () => {
    const line = {
      productId: A,
      name: 'Strips A',
      price: 20,
      received: 3,
      accepted: 1,
      reductions: [{ count: 1, price: 10, reason: 'Short-dated' }],
      rejections: [{ count: 1, reason: 'opened' as const, label: 'Opened or unsealed' }],
      note: 'Dented',
      photos: [{ id: 'p1', url: '/x.jpg' }],
      due: 30,
    };
    const form = initialInspectionForm(
      order({
        inspection: {
          version: 2,
          inspectedAt: '2026-11-21T10:00:00.000Z',
          quote: 85,
          amountDue: 55,
          lines: [line],
          extras: [
            { ...line, productId: C, name: 'Extra C', price: 5, reductions: [], rejections: [], accepted: 3 },
          ],
          answer: { state: 'awaiting', returned: [] },
        },
      }),
    );
    expect(form.lines[0]).toMatchObject({
      received: '3',
      accepted: '1',
      reductions: [{ count: '1', price: '10.00', reason: 'Short-dated' }],
      rejections: [{ count: '1', reason: 'opened' }],
      note: 'Dented',
      photos: ['p1'],
    });
    // A line the saved inspection lacks starts in full.
    expect(form.lines[1]).toMatchObject({ received: '2', accepted: '2' });
    expect(form.extras[0]).toMatchObject({ productId: C, ordered: null, price: 5, accepted: '3' });
  });

  test('sends counts and prices as numbers with the version, never an amount', () => {
    const form = initialInspectionForm(order());
    form.lines[0] = {
      ...form.lines[0],
      accepted: '1',
      reductions: [{ count: '1', price: '9.5', reason: 'Short-dated' }],
      rejections: [{ count: '1', reason: 'expired' }],
      note: '  ',
    };
    const request = toSaveRequest(form, 3);
    expect(request).toEqual({
      version: 3,
      lines: [
        {
          productId: A,
          received: 3,
          accepted: 1,
          reductions: [{ count: 1, price: 9.5, reason: 'Short-dated' }],
          rejections: [{ count: 1, reason: 'expired' }],
          note: undefined,
          photos: [],
        },
        {
          productId: B,
          received: 2,
          accepted: 2,
          reductions: [],
          rejections: [],
          note: undefined,
          photos: [],
        },
      ],
      extras: [],
    });
    expect(JSON.stringify(request)).not.toMatch(/amount|due|total/i);
    expect(inspectionProblems(form)).toEqual({});
  });

  test('counts that do not add up are shown at the boxes received', () => {
    const form = initialInspectionForm(order());
    form.lines[1] = { ...form.lines[1], rejections: [{ count: '1', reason: 'damaged' }] };
    expect(inspectionProblems(form)).toEqual({ 'lines.1.received': m.countsDontAddUp('Strips B') });
  });

  test('more accepted than ordered is shown at accepted', () => {
    const form = initialInspectionForm(order());
    form.lines[1] = { ...form.lines[1], received: '3', accepted: '3' };
    expect(inspectionProblems(form)).toEqual({ 'lines.1.accepted': m.overOrdered('Strips B') });
  });

  test("the schema's messages land on their fields", () => {
    const form = initialInspectionForm(order());
    form.lines[0] = {
      ...form.lines[0],
      accepted: '',
      reductions: [{ count: '1', price: '1.005', reason: '' }],
      rejections: [{ count: '0', reason: '' }],
    };
    const problems = inspectionProblems(form);
    expect(problems['lines.0.accepted']).toBe(m.countInvalid);
    expect(problems['lines.0.reductions.0.price']).toBe(m.reducedPriceInvalid);
    expect(problems['lines.0.reductions.0.reason']).toBe(m.reducedReason);
    expect(problems['lines.0.rejections.0.count']).toBe(m.countInvalid);
    expect(problems['lines.0.rejections.0.reason']).toBe(m.rejectionReason);
  });

  test('a reduced price must be below the full price', () => {
    const form = initialInspectionForm(order());
    form.lines[0] = {
      ...form.lines[0],
      accepted: '2',
      reductions: [{ count: '1', price: '20', reason: 'Short-dated' }],
    };
    expect(inspectionProblems(form)).toEqual({
      'lines.0.reductions.0.price': m.reducedPriceTooHigh('Strips A'),
    });
  });

  test('an extra needs a product, once', () => {
    const form = initialInspectionForm(order());
    form.extras = [blankExtra()];
    expect(inspectionProblems(form)).toEqual({ 'extras.0.productId': m.productInvalid });
    form.extras = [
      { ...blankExtra(), productId: A, name: 'Strips A', price: 20 },
      { ...blankExtra(), productId: A, name: 'Strips A', price: 20 },
    ];
    expect(inspectionProblems(form)).toEqual({ 'extras.1.productId': m.duplicateLine });
  });
});
