import { describe, expect, test } from '@jest/globals';
import { inspectionMessages as m } from '@shared/messages';
import type { InspectionView } from '@shared/schemas/inspection';
import { renderToStaticMarkup } from 'react-dom/server';
import { InspectionSummary, lineOutcomes } from './inspection-summary';

const line = (over: Partial<InspectionView['lines'][number]> = {}): InspectionView['lines'][number] => ({
  productId: 'a',
  name: 'Strips A',
  price: 20,
  received: 3,
  accepted: 1,
  reductions: [{ count: 1, price: 9.5, reason: 'Short-dated' }],
  rejections: [{ count: 1, reason: 'opened', label: 'Opened or unsealed' }],
  photos: [],
  due: 29.5,
  ...over,
});

const inspection: InspectionView = {
  version: 1,
  inspectedAt: '2026-11-21T10:00:00.000Z',
  quote: 60,
  amountDue: 34.5,
  lines: [line()],
  extras: [
    line({
      productId: 'x',
      name: 'Extra X',
      price: 5,
      received: 1,
      accepted: 1,
      reductions: [],
      rejections: [],
      due: 5,
    }),
  ],
  answer: { state: 'awaiting', returned: [{ name: 'Strips A', count: 1 }] },
};

describe('the inspection summary', () => {
  test('says what became of each box: accepted, reduced with price and reason, rejected with its label', () => {
    expect(lineOutcomes(line())).toEqual([
      m.accepted(1),
      m.reduced(1, '$9.50', 'Short-dated'),
      m.rejected(1, 'Opened or unsealed'),
    ]);
    expect(lineOutcomes(line({ received: 0, accepted: 0, reductions: [], rejections: [] }))).toEqual([
      m.notReceived,
    ]);
  });

  test('shows the lines, the extras under their own heading, the quote and the amount due', () => {
    const html = renderToStaticMarkup(<InspectionSummary inspection={inspection} heading={3} />);
    expect(html).toContain('<h3 class="insp-line__name">Strips A</h3>');
    expect(html).toContain(`<h3 class="insp-summary__extras">${m.extrasTitle}</h3>`);
    expect(html).toContain('<h4 class="insp-line__name">Extra X</h4>');
    expect(html).toMatch(/data-testid="inspection-quote">\$60\.00</);
    expect(html).toMatch(/data-testid="inspection-amount-due">\$34\.50</);
  });
});
