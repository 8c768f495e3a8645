import { trackingMessages } from '@shared/messages';
import type { TrackingStep, TrackingStepState } from '@shared/rules/tracking';
import { CheckIcon, CloseIcon } from '../../../components/icons';

const STATE_TEXT: Record<TrackingStepState, string> = {
  complete: 'completed',
  current: 'in progress',
  upcoming: 'not started',
  cancelled: trackingMessages.cancelledStep,
};

const marker = (state: TrackingStepState, index: number) => {
  if (state === 'complete') return <CheckIcon size={18} />;
  if (state === 'cancelled') return <CloseIcon size={16} />;
  return index + 1;
};

/**
 * Order placed → Shipment received → Evaluated → Paid; the state of each step is spoken, not only coloured. A
 * cancelled order shows its remaining steps struck through, none in progress.
 */
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
            {marker(step.state, index)}
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
