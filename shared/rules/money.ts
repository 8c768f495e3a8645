/** Money is handled in whole cents so sums never drift; shown with 2 decimals in USD. */
export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => cents / 100;

// Built on first use: constructing an Intl formatter loads ICU data (~15 ms), which every Lambda that merely
// imports a money rule would otherwise pay at cold start.
let usd: Intl.NumberFormat | undefined;
export const formatMoney = (amount: number): string => {
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format(amount);
};

/** Item price is buybackPrice times quantity. */
export const lineTotal = (price: number, quantity: number): number => fromCents(toCents(price) * quantity);
