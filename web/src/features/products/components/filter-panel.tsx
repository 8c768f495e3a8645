import { ALL_BRANDS, isSortOption, SORT_OPTIONS, type SortOption } from '@shared/rules/catalogue';
import { useEffect, useRef } from 'react';
import { SelectField } from '../../../components/form/field';
import { CloseIcon } from '../../../components/icons';

interface FilterPanelProps {
  id: string;
  open: boolean;
  onClose: () => void;
  brands: string[];
  brand: string;
  onBrandChange: (brand: string) => void;
  sort: SortOption;
  onSortChange: (sort: SortOption) => void;
}

/** Brand and sort. A sidebar on wide screens; on phones a sheet opened from the bottom bar. */
export function FilterPanel(props: FilterPanelProps) {
  const { id, open, onClose, brands, brand, onBrandChange, sort, onSortChange } = props;
  const firstField = useRef<HTMLSelectElement>(null);

  // Opening the phone sheet moves focus into it, so keyboard and screen reader users land on the filters.
  useEffect(() => {
    if (open) firstField.current?.focus();
  }, [open]);

  return (
    <aside
      id={id}
      className={open ? 'filter-panel is-open' : 'filter-panel'}
      aria-labelledby={`${id}-title`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) onClose();
      }}
    >
      <div className="filter-panel__head">
        <h2 id={`${id}-title`} className="filter-panel__title">
          Filters
        </h2>
        <button
          type="button"
          className="icon-button filter-panel__close"
          aria-label="Close filters"
          onClick={onClose}
        >
          <CloseIcon size={20} />
        </button>
      </div>
      <SelectField
        options={brands}
        ref={firstField}
        label="Brand"
        value={brand}
        onChange={(event) => onBrandChange(event.target.value)}
      >
        <option value={ALL_BRANDS}>All</option>
      </SelectField>
      <SelectField
        options={SORT_OPTIONS}
        label="Sort by"
        value={sort}
        onChange={(event) => {
          if (isSortOption(event.target.value)) onSortChange(event.target.value);
        }}
      />
      <button type="button" className="btn btn--primary btn--block filter-panel__done" onClick={onClose}>
        Show Results
      </button>
    </aside>
  );
}
