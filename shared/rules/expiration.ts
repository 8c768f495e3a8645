import { DEFAULT_EXPIRATION_MONTHS } from '../constants.js';
import { MONTHS } from './date-format.js';

export interface ExpirationSettings {
  teststrips_expiration: number | null;
  cgmsupplies_expiration: number | null;
}

/** Months for a product type: test strips and CGM have a setting (3 when missing); other types show nothing. */
export function expirationMonthsFor(productType: string, settings: ExpirationSettings | null): number | null {
  const type = productType.trim().toLowerCase();
  if (type === 'test strips') return settings?.teststrips_expiration ?? DEFAULT_EXPIRATION_MONTHS;
  if (type === 'cgm') return settings?.cgmsupplies_expiration ?? DEFAULT_EXPIRATION_MONTHS;
  return null;
}

/** Today plus N months, clamped to the last day of a shorter month (Jan 31 + 1 month is Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getFullYear(), date.getMonth() + months, 1);
  const lastDay = new Date(result.getFullYear(), result.getMonth() + 1, 0).getDate();
  result.setDate(Math.min(date.getDate(), lastDay));
  return result;
}

/**
 * 'August 2027', as en-US `Intl.DateTimeFormat` writes `{ month: 'long', year: 'numeric' }` (a test holds the
 * two together). Written out because the first Intl date formatter a page builds loads the locale's calendar
 * data, in the middle of rendering the catalogue's first card (docs/performance.md, "Web: Intl").
 */
export const formatMonthYear = (date: Date): string => `${MONTHS[date.getMonth()]} ${date.getFullYear()}`;

/** The minimum expiration date shown for a product, e.g. 'August 2027', or null for other product types. */
export function minimumExpirationDate(
  productType: string,
  settings: ExpirationSettings | null,
  today: Date = new Date(),
): string | null {
  const months = expirationMonthsFor(productType, settings);
  return months === null ? null : formatMonthYear(addMonths(today, months));
}
