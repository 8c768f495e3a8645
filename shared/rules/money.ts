/** Money is handled in whole cents so sums never drift; shown with 2 decimals in USD. */
export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => cents / 100;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatMoney = (amount: number): string => usd.format(amount);

/** Item price is buybackPrice times quantity. */
export const lineTotal = (price: number, quantity: number): number => fromCents(toCents(price) * quantity);
