import { CheckIcon } from '../../../components/icons';

const STEPS = ['Pick Products', 'Get Paid', 'Ship Items', 'Receive Payment'] as const;
/** Checkout is step 2: the products are picked. */
const CURRENT = 1;

export function CheckoutProgress() {
  return (
    <ol className="checkout-steps" aria-label="Checkout progress">
      {STEPS.map((label, index) => {
        const state = index < CURRENT ? 'done' : index === CURRENT ? 'current' : 'todo';
        return (
          <li
            key={label}
            className={`checkout-steps__step checkout-steps__step--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="checkout-steps__marker" aria-hidden="true">
              {state === 'done' ? <CheckIcon size={16} /> : index + 1}
            </span>
            <span className="checkout-steps__label">
              {label}
              {state === 'done' && <span className="visually-hidden"> (completed)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
