/** Money is handled in whole cents so sums never drift; shown with 2 decimals in USD. */
export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => cents / 100;

/**
 * '$1,234.50', '-$0.25': en-US currency format, as `Intl.NumberFormat('en-US', { style: 'currency', currency:
 * 'USD' })` writes it (a test holds the two together over many amounts). Written out because the first Intl
 * formatter a page or a Lambda builds loads ICU data, paid in the middle of rendering the catalogue's first card
 * (docs/performance.md, "Web: Intl"). Like Intl, it rounds the shortest decimal that reads back as
 * the number (0.015 is '$0.02', though the double is a hair under 0.015) half away from zero.
 */
export const formatMoney = (amount: number): string => {
  const abs = Math.abs(amount);
  // `${abs}e2` moves the decimal point in the shortest decimal itself; below 1e-6 that decimal has an exponent.
  const cents = abs < 1e-6 ? 0 : Math.round(Number(`${abs}e2`));
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}$${dollars}.${String(cents % 100).padStart(2, '0')}`;
};

/** Item price is buybackPrice times quantity. */
export const lineTotal = (price: number, quantity: number): number => fromCents(toCents(price) * quantity);
