import * as z from 'zod/mini';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../constants.js';
import { checkoutMessages } from '../messages.js';
import { UUID_PATTERN } from './common.js';
import { singleLine } from './text.js';

const m = checkoutMessages;
const text = (label: string, min: number, message: string, max = 200) =>
  z.string(message).check(z.trim(), z.minLength(min, message), z.maxLength(max, message), singleLine(label));
const pattern = (re: RegExp, message: string) => z.string(message).check(z.trim(), z.regex(re, message));
const length = (label: string, min: number, max: number, message: string) =>
  z.string(message).check(z.trim(), z.minLength(min, message), z.maxLength(max, message), singleLine(label));

const US_PHONE = /^(\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;
const HEX_ADDRESS = /^0x[a-fA-F0-9]{40}$/;

/** Phone: a US pattern, then 10 digits (or 11 with the country code) once non-digits are stripped. */
export const ZPhone = z.string(m.phonePattern).check(
  z.trim(),
  z.regex(US_PHONE, m.phonePattern),
  z.refine((v) => [10, 11].includes(v.replace(/\D/g, '').length), m.phoneDigits),
);

/** The payout fields of each method (spec 000 §3, §5); check has none. */
export const ZPayout = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('check') }),
    z.object({ method: z.literal('paypal'), paypalEmail: z.email(m.paypalEmail).check(z.maxLength(254)) }),
    z.object({ method: z.literal('cashapp'), cashtag: pattern(/^\$?[A-Za-z0-9]{1,20}$/, m.cashtag) }),
    z.object({ method: z.literal('zelle'), zelleInfo: text('Zelle email or phone', 5, m.zelleInfo, 254) }),
    z.object({
      method: z.literal('venmo'),
      venmoUsername: pattern(/^@?[A-Za-z0-9_-]{1,30}$/, m.venmoUsername),
    }),
    z.object({
      method: z.literal('achWire'),
      bankAccount: pattern(/^\d{4,17}$/, m.bankAccount),
      routingNumber: pattern(/^\d{9}$/, m.routingNumber),
    }),
    z.object({ method: z.literal('bitcoin'), btcAddress: length('Bitcoin address', 26, 35, m.btcAddress) }),
    z.object({ method: z.literal('ethereum'), ethAddress: pattern(HEX_ADDRESS, m.ethAddress) }),
    z.object({ method: z.literal('solana'), solAddress: length('Solana address', 32, 44, m.solAddress) }),
    z.object({ method: z.literal('usdcErc20'), usdcAddress: pattern(HEX_ADDRESS, m.usdcAddress) }),
    z.object({ method: z.literal('usdtTrc20'), usdtAddress: pattern(/^T[A-Za-z0-9]{33}$/, m.usdtAddress) }),
  ],
  { error: m.payoutMethod },
);
export type Payout = z.infer<typeof ZPayout>;

/** The fields a seller fills in at checkout: the form and the API validate with this same shape. */
export const checkoutShape = {
  firstName: text('First name', 2, m.firstName, 100),
  lastName: text('Last name', 2, m.lastName, 100),
  email: z.email(m.email).check(z.maxLength(254, m.email)),
  phone: ZPhone,
  address: text('Address', 5, m.address),
  city: text('City', 2, m.city, 100),
  state: z.string(m.state).check(
    z.trim(),
    z.regex(/^[A-Za-z]{2}$/, m.state),
    z.overwrite((v) => v.toUpperCase()),
  ),
  zipCode: pattern(/^\d{5}(-\d{4})?$/, m.zipCode),
  payout: ZPayout,
  /** The seller confirms the items meet the acceptance conditions (spec 000 §1). */
  attestation: z.literal(true, m.attestation),
};

export const ZCheckoutForm = z.object(checkoutShape);
export type CheckoutForm = z.infer<typeof ZCheckoutForm>;

export const ZOrderLine = z.object({
  productId: z.string(m.productUnknown).check(z.regex(UUID_PATTERN, m.productUnknown)),
  /** A whole number of boxes from 1: one check, so no number-format schema is built at start-up for it. */
  quantity: z
    .number(m.quantity)
    .check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_LINE_QUANTITY, m.quantity)),
});

/** POST /api/orders: the checkout fields plus the cart lines. Prices are never taken from the browser. */
export const ZCreateOrderRequest = z.object({
  ...checkoutShape,
  items: z
    .array(ZOrderLine, m.itemsRequired)
    .check(z.minLength(1, m.itemsRequired), z.maxLength(MAX_ORDER_LINES)),
});
export type CreateOrderRequest = z.infer<typeof ZCreateOrderRequest>;

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const ZIdempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z.string(m.idempotencyKey).check(z.regex(UUID_PATTERN, m.idempotencyKey)),
});
