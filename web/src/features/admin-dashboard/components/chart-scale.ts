/** A chart axis: its top value and the values marked on it, from 0 up. */
export interface Scale {
  max: number;
  ticks: number[];
}

/** The steps an axis may count in: 1, 2 and 5 times a power of ten. */
const niceStep = (rough: number): number => {
  const power = 10 ** Math.floor(Math.log10(rough));
  return ([1, 2, 5, 10].find((m) => m * power >= rough) ?? 10) * power;
};

/**
 * An axis from 0 for values up to `highest`: 15% of headroom over the highest value, at least `floor` (an empty
 * month still has an axis), counted in a 1-2-5 step that marks at most `maxTicks` values above 0. `whole`: the
 * step is at least 1 (orders are counted, not measured).
 */
export function scaleFor(highest: number, floor: number, maxTicks = 4, whole = false): Scale {
  const max = Math.max(floor, highest * 1.15);
  const step = Math.max(niceStep(max / maxTicks), whole ? 1 : 0);
  const ticks: number[] = [];
  for (let value = 0; value <= max + step * 1e-9; value += step) ticks.push(Math.round(value * 1e6) / 1e6);
  return { max, ticks };
}

/** '$850', '$1.5k', '$12k': an axis's dollar label, short enough for a phone. */
export const compactMoney = (value: number): string =>
  Math.abs(value) >= 1000 ? `$${(value / 1000).toFixed(value % 1000 === 0 ? 0 : 1)}k` : `$${value}`;

/** The days whose date is written under the axis: every `every`-th from the last (today), at most `count`. */
export function labelledDays(count: number, every: number): number[] {
  const days: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) days.unshift(i);
  return days;
}
