import type { ReactNode } from 'react';

interface DetailSectionProps {
  /** The section's id; its heading is `${id}-title`, the target of the quick-jump links. */
  id: string;
  title: string;
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** One card of the order page, labelled by its h2; the heading takes focus when jumped to. */
export function DetailSection({ id, title, icon, className, children }: DetailSectionProps) {
  const titleId = `${id}-title`;
  return (
    <section
      id={id}
      className={['card aod-section', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="aod-section__title" tabIndex={-1}>
        {icon && (
          <span className="aod-section__icon" aria-hidden="true">
            {icon}
          </span>
        )}
        {title}
      </h2>
      {children}
    </section>
  );
}
