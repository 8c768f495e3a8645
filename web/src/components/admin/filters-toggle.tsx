import type { ReactNode } from 'react';
import { FilterIcon } from '../icons';
import './filters-toggle.css';

interface FiltersToggleProps {
  open: boolean;
  /** The id of the panel it shows and hides. */
  panelId: string;
  /** How many of the panel's filters are on; shown when any is. */
  active: number;
  onToggle: () => void;
  className?: string;
}

/** The 'Filters' button of a back-office list: opens and closes its filter panel, and counts what is on. */
export function FiltersToggle({ open, panelId, active, onToggle, className }: FiltersToggleProps) {
  return (
    <button
      type="button"
      className={['btn btn--secondary', className].filter(Boolean).join(' ')}
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
    >
      <FilterIcon size={18} />
      Filters
      {active > 0 && (
        <span className="filters-toggle__count">
          {active}
          <span className="visually-hidden"> active</span>
        </span>
      )}
    </button>
  );
}

interface FiltersPanelProps {
  id: string;
  open: boolean;
  className: string;
  children: ReactNode;
}

/**
 * The panel a FiltersToggle opens. Its fields exist only while it is open: a closed panel's date and number
 * inputs (each with its own inner editor) cost a slow phone tens of milliseconds on the list's first render, for a
 * panel most visits never open. Nothing is lost on closing it: the lists keep every filter's value (typed or
 * applied) in their toolbar and the address, not in the fields.
 */
export function FiltersPanel({ id, open, className, children }: FiltersPanelProps) {
  return (
    <div id={id} className={className} hidden={!open}>
      {open && children}
    </div>
  );
}
