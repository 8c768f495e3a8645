import type { TrackingStep } from '@shared/rules/tracking';
import { CheckIcon } from '../../../components/icons';

const STATE_TEXT = { complete: 'completed', current: 'in progress', upcoming: 'not started' } as const;

/** Order placed → Shipment received → Evaluated → Paid; the state of each step is spoken, not only coloured. */
export function OrderProgress({ steps }: { steps: TrackingStep[] }) {
  return (
    <ol className="order-progress" aria-label="Order progress">
      {steps.map((step, index) => (
        <li
          key={step.label}
          className={`order-progress__step is-${step.state}`}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="order-progress__marker" aria-hidden="true">
            {step.state === 'complete' ? <CheckIcon size={18} /> : index + 1}
          </span>
          <span className="order-progress__label">
            {step.label}
            <span className="visually-hidden"> ({STATE_TEXT[step.state]})</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
