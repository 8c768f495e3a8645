import { fromCents, toCents } from './money.js';

export const ORDER_ID_PATTERN = /^C[A-Z0-9]{6}$/;
const ORDER_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 'C' plus 6 uppercase alphanumerics. `randomInt(n)` returns 0..n-1 (crypto-backed on the server). */
export function generateOrderId(randomInt: (n: number) => number): string {
  let id = 'C';
  for (let i = 0; i < 6; i++) id += ORDER_ID_ALPHABET[randomInt(ORDER_ID_ALPHABET.length)];
  return id;
}

export const isOrderId = (value: string): boolean => ORDER_ID_PATTERN.test(value);

export type PaymentStatus = 'Paid' | 'Pending';

/** What the seller sees: Paid once paid_amount reaches total_amount, otherwise Pending. */
export function paymentStatus(paidAmount: number | null | undefined, totalAmount: number): PaymentStatus {
  return toCents(paidAmount ?? 0) >= toCents(totalAmount) ? 'Paid' : 'Pending';
}

export const sumLines = (lines: ReadonlyArray<{ price: number; quantity: number }>): number =>
  fromCents(lines.reduce((sum, l) => sum + toCents(l.price) * l.quantity, 0));

/** Digits only; the phone mask is (999) 999-9999. */
export const phoneDigits = (value: string): string => value.replace(/\D/g, '');

/**
 * The mask as the seller types or pastes: a leading country code 1 of an 11-digit number is dropped ('+1 614
 * 555 0123' and '16145550123' are (614) 555-0123). Digits beyond what a US number holds are kept, never cut off,
 * so the form refuses the number instead of silently keeping a different one.
 */
export function formatPhone(value: string): string {
  let d = phoneDigits(value);
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  if (d.length < 4) return d.length ? `(${d}` : '';
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** An order link lives 45 days from the order's creation. */
export function isOrderLinkExpired(createdAt: string, now: Date, lifetimeDays: number): boolean {
  return now.getTime() - new Date(createdAt).getTime() > lifetimeDays * 86_400_000;
}
