import { messages } from '@shared/messages';
import { enabledPayoutMethods, payoutMethodDisplay } from '@shared/rules/payout';
import type { PayoutMethod } from '@shared/rules/settings-defaults';
import type { PaymentMethods } from '@shared/schemas/settings';
import type { ReactNode } from 'react';
import { BankIcon, CheckIcon, CoinIcon } from './icons';
import './payout-methods.css';

function MethodGroup({ title, icon, methods }: { title: string; icon: ReactNode; methods: PayoutMethod[] }) {
  return (
    <div className="payout-group">
      <h3 className="payout-group__title">
        <span className="payout-group__icon">{icon}</span>
        {title}
      </h3>
      <ul className="payout-group__list">
        {methods.map((method) => (
          <li key={method}>
            <CheckIcon size={18} className="payout-group__check" />
            {payoutMethodDisplay(method)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Only the payout methods the owner switched on, as Traditional Methods and Cryptocurrency. */
export function PayoutMethods({ paymentMethods }: { paymentMethods: PaymentMethods }) {
  const { traditional, crypto } = enabledPayoutMethods(paymentMethods);
  if (traditional.length === 0 && crypto.length === 0) {
    return <p className="notice notice--warning">{messages.payout.noneAvailable}</p>;
  }
  return (
    <div className="payout-groups">
      {traditional.length > 0 && (
        <MethodGroup title="Traditional Methods" icon={<BankIcon size={22} />} methods={traditional} />
      )}
      {crypto.length > 0 && (
        <MethodGroup title="Cryptocurrency" icon={<CoinIcon size={22} />} methods={crypto} />
      )}
    </div>
  );
}
