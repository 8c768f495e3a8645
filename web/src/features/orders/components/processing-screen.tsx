import { PROCESSING_REDIRECT_DELAY_MS, PROCESSING_STEP_DELAYS_MS } from '@shared/constants';
import { messages } from '@shared/messages';
import { useEffect, useRef, useState } from 'react';
import { CheckCircleIcon } from '../../../components/icons';

const STEPS = messages.checkoutPage.processingSteps;

interface ProcessingScreenProps {
  orderId: string;
  /** Called once, PROCESSING_REDIRECT_DELAY_MS after the last message. */
  onDone: () => void;
}

/** After a successful order: three timed messages (1 s, 2 s, 3 s), then on to the confirmation. */
export function ProcessingScreen({ orderId, onDone }: ProcessingScreenProps) {
  const [step, setStep] = useState(-1);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  // The form (and the focused submit button) just disappeared: start the reader here, at the top.
  useEffect(() => {
    window.scrollTo(0, 0);
    headingRef.current?.focus();
  }, []);

  useEffect(() => {
    const timers = PROCESSING_STEP_DELAYS_MS.map((delay, index) =>
      window.setTimeout(() => setStep(index), delay),
    );
    const last = PROCESSING_STEP_DELAYS_MS[PROCESSING_STEP_DELAYS_MS.length - 1];
    timers.push(window.setTimeout(() => onDoneRef.current(), last + PROCESSING_REDIRECT_DELAY_MS));
    return () => {
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, []);

  const complete = step === STEPS.length - 1;
  return (
    <div className="container page-section">
      <section className="card processing" aria-labelledby="processing-title" data-testid="processing-screen">
        <div className={complete ? 'processing__icon is-complete' : 'processing__icon'} aria-hidden="true">
          {complete ? <CheckCircleIcon size={40} /> : <span className="spinner" />}
        </div>
        <h1 id="processing-title" ref={headingRef} tabIndex={-1} className="processing__title">
          Order {orderId} received
        </h1>
        {/* Each message is added as its time comes; the live region announces the additions. */}
        <div role="status" aria-live="polite">
          <ol className="processing__steps">
            {STEPS.slice(0, step + 1).map((label, index) => {
              const done = index < step || complete;
              return (
                <li key={label} className={done ? 'processing__step is-done' : 'processing__step is-active'}>
                  <span className="processing__marker" aria-hidden="true">
                    {done ? <CheckCircleIcon size={20} /> : <span className="checkout-spinner" />}
                  </span>
                  {label}
                </li>
              );
            })}
          </ol>
        </div>
      </section>
    </div>
  );
}
