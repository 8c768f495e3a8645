import { byCodeUnits, compareText, newestFirst } from './text-order.js';

const sign = (n: number) => Math.sign(n);

test('compareText orders as localeCompare(…, "en") does', () => {
  const alphabet = "aAbBzZ09 -,.'()éÉ";
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const text = () =>
    Array.from(
      { length: Math.floor(random() * 7) },
      () => alphabet[Math.floor(random() * alphabet.length)],
    ).join('');
  // localeCompare(b, 'en') is this collator's compare (one built here, not one per call).
  const reference = new Intl.Collator('en');
  const disagreements: Array<[string, string]> = [];
  for (let i = 0; i < 30_000; i++) {
    const a = text();
    const b = random() < 0.2 ? a.toUpperCase() : text();
    if (sign(compareText(a, b)) !== sign(reference.compare(a, b))) disagreements.push([a, b]);
  }
  expect(disagreements).toEqual([]);
});

test('compareText sorts real product names and brands as localeCompare does', () => {
  const names = [
    'OneTouch Ultra Test Strips, 100 Count',
    'OneTouch Ultra Blue Test Strips, 50 Count',
    'Accu-Chek Aviva Plus Test Strips, 50 Count',
    'Accu-Chek Guide Test Strips, 100 Count',
    'FreeStyle Libre 2 Sensor',
    'FreeStyle Libre 3 Sensor',
    'Contour Next EZ Test Strips, 50 Count',
    'Contour Next One Test Strips, 50 Count',
    'Dexcom G6 Sensors, 3 Pack',
    'Dexcom G6 Transmitter',
    'True Metrix',
    'accu-chek',
    'Omnipod DASH Pods, 5 Pack',
  ];
  expect([...names].sort(compareText)).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
});

test('newestFirst puts the later ISO time first', () => {
  const times = ['2026-11-26T17:55:00.000Z', '2025-01-01T00:00:00.000Z', '2026-11-26T18:00:00.000Z'];
  expect([...times].sort(newestFirst)).toEqual([
    '2026-11-26T18:00:00.000Z',
    '2026-11-26T17:55:00.000Z',
    '2025-01-01T00:00:00.000Z',
  ]);
  expect(newestFirst('2026-11-26T17:55:00.000Z', '2026-11-26T17:55:00.000Z')).toBe(0);
});

test('plain names are ordered without building a collator', () => {
  const built = jest.spyOn(Intl, 'Collator');
  try {
    jest.isolateModules(() => {
      const fresh = require('./text-order.js') as typeof import('./text-order.js');
      ['Dexcom G6 Sensors, 3 Pack', 'accu chek', 'Accu Chek', 'FreeStyle Libre 2 Sensor'].sort(
        fresh.compareText,
      );
      expect(built).not.toHaveBeenCalled();
      fresh.compareText('Accu-Chek', 'Accu,Chek');
      expect(built).toHaveBeenCalledTimes(1);
    });
  } finally {
    built.mockRestore();
  }
});

describe('byCodeUnits', () => {
  it('orders by code unit, upper case before lower, and is 0 only for equal text', () => {
    expect(['b', 'a', 'B', 'a1', 'a'].sort(byCodeUnits)).toEqual(['B', 'a', 'a', 'a1', 'b']);
    expect(byCodeUnits('x', 'x')).toBe(0);
    expect(newestFirst('2026-11-26T17:55:00.000Z', '2026-11-26T17:56:00.000Z')).toBe(1);
  });
});
