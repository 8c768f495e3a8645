import type { PayoutMethod } from '@shared/rules/settings-defaults';
import type { Payout } from '@shared/schemas/checkout';
import type { HTMLAttributes } from 'react';

type KeysOfUnion<T> = T extends unknown ? keyof T : never;
export type PayoutFieldName = Exclude<KeysOfUnion<Payout>, 'method'>;

export interface PayoutFieldDef {
  name: PayoutFieldName;
  label: string;
  type?: 'text' | 'email';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  placeholder?: string;
  hint?: string;
}

const wallet = (name: PayoutFieldName, label: string, placeholder?: string): PayoutFieldDef => ({
  name,
  label,
  autoComplete: 'off',
  placeholder,
});

/** The details each payout method needs (spec 000 §3 Payout fields); check needs none. */
export const PAYOUT_FIELDS: Record<PayoutMethod, readonly PayoutFieldDef[]> = {
  check: [],
  paypal: [
    { name: 'paypalEmail', label: 'PayPal Email', type: 'email', inputMode: 'email', autoComplete: 'email' },
  ],
  cashapp: [{ name: 'cashtag', label: 'Cashtag', autoComplete: 'off', placeholder: '$yourcashtag' }],
  zelle: [
    {
      name: 'zelleInfo',
      label: 'Zelle Email or Phone',
      autoComplete: 'off',
      hint: 'The e-mail address or phone number registered with Zelle.',
    },
  ],
  venmo: [{ name: 'venmoUsername', label: 'Venmo Username', autoComplete: 'off', placeholder: '@username' }],
  achWire: [
    { name: 'bankAccount', label: 'Bank Account Number', inputMode: 'numeric', autoComplete: 'off' },
    {
      name: 'routingNumber',
      label: 'Routing Number',
      inputMode: 'numeric',
      autoComplete: 'off',
      hint: 'The 9-digit number on your checks or bank statement.',
    },
  ],
  bitcoin: [wallet('btcAddress', 'Bitcoin Address')],
  ethereum: [wallet('ethAddress', 'Ethereum Address', '0x...')],
  solana: [wallet('solAddress', 'Solana Address')],
  usdcErc20: [wallet('usdcAddress', 'USDC (ERC-20) Address', '0x...')],
  usdtTrc20: [wallet('usdtAddress', 'USDT (TRC-20) Address', 'T...')],
};
