import type { MouseEvent } from 'react';

const TARGETS = [
  { id: 'order-shipping', label: 'Shipping' },
  { id: 'order-inspection', label: 'Inspection' },
  { id: 'order-payment', label: 'Payment' },
  { id: 'order-images', label: 'Images' },
  { id: 'order-notes', label: 'Notes' },
] as const;

/**
 * In-page links to the long page's sections. The browser would only scroll: focus moves to the section's
 * heading too, so keyboard and screen-reader users continue from there.
 */
export function QuickJump() {
  const jump = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const heading = document.getElementById(`${id}-title`);
    if (!heading) return;
    event.preventDefault();
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    heading.focus({ preventScroll: true });
  };
  return (
    <nav className="aod-jump" aria-label="Jump to section">
      <ul>
        {TARGETS.map(({ id, label }) => (
          <li key={id}>
            <a href={`#${id}`} className="aod-jump__link" onClick={(event) => jump(event, id)}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
