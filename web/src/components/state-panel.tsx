import type { ReactNode } from 'react';
import './state-panel.css';

interface StatePanelProps {
  icon: ReactNode;
  title: string;
  /** Heading level: the panel usually stands in for a page's main content. */
  headingLevel?: 1 | 2;
  tone?: 'neutral' | 'error';
  children?: ReactNode;
}

/** Empty, error and not-found states share one look. */
export function StatePanel({ icon, title, headingLevel = 2, tone = 'neutral', children }: StatePanelProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={`state-panel state-panel--${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      <div className="state-panel__icon">{icon}</div>
      <Heading className="state-panel__title">{title}</Heading>
      {children}
    </section>
  );
}
