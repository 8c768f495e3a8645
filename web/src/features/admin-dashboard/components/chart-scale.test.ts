import { describe, expect, test } from '@jest/globals';
import { compactMoney, labelledDays, scaleFor } from './chart-scale';

describe('scaleFor', () => {
  test('an empty month still has an axis up to its floor', () => {
    expect(scaleFor(0, 4, 4, true)).toEqual({ max: 4, ticks: [0, 1, 2, 3, 4] });
    expect(scaleFor(0, 100)).toEqual({ max: 100, ticks: [0, 50, 100] });
  });

  test('leaves 15% of headroom over the highest value and counts in 1-2-5 steps', () => {
    const orders = scaleFor(40, 4, 4, true);
    expect(orders.max).toBeCloseTo(46);
    expect(orders.ticks).toEqual([0, 20, 40]);
    const paid = scaleFor(1234.5, 100);
    expect(paid.max).toBeCloseTo(1419.675);
    expect(paid.ticks).toEqual([0, 500, 1000]);
  });

  test('marks at most maxTicks values above 0, none past the top', () => {
    for (const highest of [1, 3, 7, 9, 13, 99, 101, 999, 25_000, 1_000_003]) {
      const { max, ticks } = scaleFor(highest, 4, 4, true);
      expect(ticks[0]).toBe(0);
      expect(ticks.length - 1).toBeLessThanOrEqual(4);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks[ticks.length - 1]).toBeLessThanOrEqual(max);
      expect(ticks.every((t) => Number.isInteger(t))).toBe(true);
    }
  });

  test('small amounts get decimal steps unless whole', () => {
    expect(scaleFor(0.2, 0).ticks).toEqual([0, 0.1, 0.2]);
    expect(scaleFor(0.3, 0).ticks).toEqual([0, 0.1, 0.2, 0.3]);
    expect(scaleFor(2, 0, 4, true).ticks).toEqual([0, 1, 2]);
  });
});

test('compactMoney', () => {
  expect(compactMoney(850)).toBe('$850');
  expect(compactMoney(1000)).toBe('$1k');
  expect(compactMoney(1500)).toBe('$1.5k');
  expect(compactMoney(12_000)).toBe('$12k');
});

test('labelledDays counts back from the last day', () => {
  expect(labelledDays(30, 3)).toEqual([2, 5, 8, 11, 14, 17, 20, 23, 26, 29]);
  expect(labelledDays(4, 6)).toEqual([3]);
  expect(labelledDays(0, 3)).toEqual([]);
});
