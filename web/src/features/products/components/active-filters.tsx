import { CloseIcon } from '../../../components/icons';

export interface ActiveFilter {
  key: string;
  label: string;
  onRemove: () => void;
}

/** One chip per active filter, each removable, and a way to drop them all. */
export function ActiveFilters({ filters, onClearAll }: { filters: ActiveFilter[]; onClearAll: () => void }) {
  if (filters.length === 0) return null;
  return (
    <div className="active-filters">
      <ul className="active-filters__list" aria-label="Active filters">
        {filters.map((filter) => (
          <li key={filter.key}>
            <button
              type="button"
              className="chip"
              aria-label={`Remove ${filter.label}`}
              onClick={filter.onRemove}
            >
              {filter.label}
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={onClearAll}>
        Clear All Filters
      </button>
    </div>
  );
}
