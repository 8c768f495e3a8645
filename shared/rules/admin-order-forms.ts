import { ORDER_IMAGE_MAX_BYTES, ORDER_IMAGE_MAX_FILES } from '../constants.js';
import { adminOrderMessages as m } from '../messages.js';
import {
  ADMIN_PAYMENT_METHOD_LABELS,
  type AdminPaymentMethod,
  isAllowedImageType,
} from '../schemas/admin-orders.js';

/** What the browser knows of a picked file before anything is uploaded. */
export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

/**
 * Spec 001 §5 'Images', checked in the browser before any upload starts (the server checks again): the count,
 * then each file's size, then its type. Returns the message to show, or null when every file may go.
 */
export function checkImageFiles(files: readonly PickedFile[]): string | null {
  if (files.length > ORDER_IMAGE_MAX_FILES) return m.maxFiles;
  const tooLarge = files.filter((f) => f.size >= ORDER_IMAGE_MAX_BYTES).map((f) => f.name);
  if (tooLarge.length > 0) return m.filesTooLarge(tooLarge.join(', '));
  // An empty file is no image either, whatever its type says.
  const invalid = files.filter((f) => !isAllowedImageType(f.type) || f.size <= 0).map((f) => f.name);
  if (invalid.length > 0) return m.filesBadType(invalid.join(', '));
  return null;
}

/** The payout fields checkout stores (spec 000 §3), as the checkout form names them. */
const PAYMENT_DETAIL_LABELS: Record<string, string> = {
  paypalEmail: 'PayPal Email',
  cashtag: 'Cashtag',
  zelleInfo: 'Zelle Email or Phone',
  venmoUsername: 'Venmo Username',
  bankAccount: 'Bank Account Number',
  routingNumber: 'Routing Number',
  btcAddress: 'Bitcoin Address',
  ethAddress: 'Ethereum Address',
  solAddress: 'Solana Address',
  usdcAddress: 'USDC (ERC-20) Address',
  usdtAddress: 'USDT (TRC-20) Address',
};

/** A payment-details key as a person reads it: the checkout label, else `someKey`/`some_key` as 'Some key'. */
export function paymentDetailLabel(key: string): string {
  const known = PAYMENT_DETAIL_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** Checkout's payout keys and the back office's own methods, as their labels; anything else as it came. */
const PAYOUT_LABELS: Record<string, string> = {
  achWire: 'ACH/Wire Transfer',
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  solana: 'Solana',
  usdcErc20: 'USDC (ERC-20)',
  usdtTrc20: 'USDT (TRC-20)',
};

export function paymentMethodLabel(method: string): string {
  if (!method) return '';
  return ADMIN_PAYMENT_METHOD_LABELS[method as AdminPaymentMethod] ?? PAYOUT_LABELS[method] ?? method;
}

/** 'pending' as 'Pending', 'return_to_sender' as 'Return to sender'. */
export const statusLabel = (status: string): string => {
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : status;
};
