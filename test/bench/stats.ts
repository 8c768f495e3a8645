/** The value at percentile `p` (0 to 100) of `sorted` (ascending); 0 for no values. */
export const percentile = (sorted: number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

/** The middle value of `values` (the upper of the two middle ones for an even count); 0 for none. */
export const median = (values: number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** `n` rounded to `digits` decimals, for the report. */
export const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;
