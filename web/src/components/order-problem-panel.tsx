import { messages } from '@shared/messages';
import type { ReactNode } from 'react';
import { AlertIcon } from './icons';
import { StatePanel } from './state-panel';

/** A whole-page problem with an order link (an order or its label that could not load): the message, then the ways on. */
export function OrderProblemPanel({ message, children }: { message: string; children: ReactNode }) {
  return (
    <div className="container page-section">
      <StatePanel
        icon={<AlertIcon size={32} />}
        title={messages.order.problemTitle}
        headingLevel={1}
        tone="error"
      >
        <p>{message}</p>
        <div className="button-row button-row--center">{children}</div>
      </StatePanel>
    </div>
  );
}
