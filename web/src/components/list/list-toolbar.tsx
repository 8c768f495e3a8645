import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { Field, SelectField, type SelectOption, TextField } from '../form/field';
import { FilterIcon, SearchIcon } from '../icons';
import './list.css';

/** A list's search and filters, one under the other. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return <div className="list-toolbar">{children}</div>;
}

interface ListSearchProps {
  /** The search box's accessible name, e.g. 'Search orders'. */
  label: string;
  placeholder: string;
  /** The search as the list holds it (the address, or the page's state). */
  value: string;
  /** Commits the text; `replace` while typing goes on, so one stretch of typing is one history entry. */
  onCommit: (value: string, replace: boolean) => void;
  /** The server's message about the search, shown under it. */
  error?: string;
  /**
   * When the text applies: after a pause in typing, on Search and on leaving the box (`pause`, the default);
   * on Search only (`submit`); at every key, with no Search button (`change`, a list filtered in the browser).
   */
  commit?: 'pause' | 'submit' | 'change';
  /** The label shown over the box (beside choices with labels of their own); else it is read, not shown. */
  showLabel?: boolean;
  /** The form's own class, where a list lays out the box, its choices and buttons its own way. */
  className?: string;
  /** More choices in the same form (what to search in, a status), given the text typed so far. */
  controls?: (typed: string) => ReactNode;
  /** A Clear button: empties the box, then this. */
  onClear?: () => void;
  /** More controls of the search (e.g. the fields it looks in), under the form. */
  children?: ReactNode;
}

const DELAY = { pause: undefined, submit: null, change: 0 } as const;

/** A back-office list's search box, with its Search button, its choices and Clear as the list needs them. */
export function ListSearch({
  label,
  placeholder,
  value,
  onCommit,
  error,
  commit = 'pause',
  showLabel = false,
  className,
  controls,
  onClear,
  children,
}: ListSearchProps) {
  const search = useDebouncedValue(value, onCommit, DELAY[commit]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search.flush();
  };
  const formClass = ['list-search__form', controls ? 'list-search__form--wrap' : '', className]
    .filter(Boolean)
    .join(' ');
  return (
    <search className="list-search">
      <form className={formClass} onSubmit={onSubmit}>
        <Field
          label={label}
          hideLabel={!showLabel}
          layout="compact"
          className="list-search__field"
          error={error}
        >
          {(control) => (
            <div className="list-search__box">
              <SearchIcon size={20} className="list-search__icon" />
              <input
                {...control}
                type="search"
                value={search.value}
                onChange={(event) => search.setValue(event.target.value)}
                onBlur={commit === 'pause' ? search.flush : undefined}
                placeholder={placeholder}
                autoComplete="off"
                enterKeyHint="search"
                maxLength={100}
              />
            </div>
          )}
        </Field>
        {controls?.(search.value)}
        {(commit !== 'change' || onClear) && (
          <div className="list-search__actions">
            {commit !== 'change' && (
              <button type="submit" className="btn btn--primary">
                Search
              </button>
            )}
            {onClear && (
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => {
                  search.setValue('');
                  onClear();
                }}
              >
                Clear
              </button>
            )}
          </div>
        )}
      </form>
      {children}
    </search>
  );
}

/** A choice beside the search box (a brand, what to search in), its label read or shown as the search's is. */
export function SearchSelect(props: {
  label: string;
  hideLabel?: boolean;
  value: string;
  options: readonly SelectOption[];
  /** A first option standing for every value ('All brands'). */
  allLabel?: string;
  onChange: (value: string) => void;
}) {
  return (
    <SelectField
      options={props.options}
      label={props.label}
      hideLabel={props.hideLabel}
      layout="compact"
      className="list-search__control"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    >
      {props.allLabel !== undefined && <option value="">{props.allLabel}</option>}
    </SelectField>
  );
}

/** Buttons that are on or off, one at a time (quick filters, tag tabs): aria-pressed says which is on. */
export function ListChips<T extends string>(props: {
  legend: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  pressed: T | null;
  onPress: (value: T) => void;
}) {
  return (
    <fieldset className="list-chips">
      <legend className="visually-hidden">{props.legend}</legend>
      {props.options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="list-chip"
          aria-pressed={props.pressed === option.value}
          onClick={() => props.onPress(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

interface FiltersToggleProps {
  open: boolean;
  /** The id of the panel it shows and hides. */
  panelId: string;
  /** How many of the panel's filters are on; shown when any is. */
  active: number;
  onToggle: () => void;
}

/** The 'Filters' button of a list: opens and closes its filter panel, and counts what is on. */
export function FiltersToggle({ open, panelId, active, onToggle }: FiltersToggleProps) {
  return (
    <button
      type="button"
      className="btn btn--secondary list-toolbar__toggle"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
    >
      <FilterIcon size={18} />
      Filters
      {active > 0 && (
        <span className="badge list-filters__count">
          {active}
          <span className="visually-hidden"> active</span>
        </span>
      )}
    </button>
  );
}

/**
 * The panel a FiltersToggle opens. Its fields exist only while it is open: a closed panel's date and number
 * inputs (each with its own inner editor) cost a slow phone tens of milliseconds on the list's first render, for a
 * panel most visits never open. Nothing is lost on closing it: every filter's value is in the address.
 */
export function FiltersPanel({ id, open, children }: { id: string; open: boolean; children: ReactNode }) {
  return (
    <div id={id} className="list-filters" hidden={!open}>
      {open && children}
    </div>
  );
}

/**
 * Whether the filter panel is open: open on arrival when the address already carries its filters, and whenever
 * the server objects to one of them.
 */
export function useFilterPanel(activeOnArrival: boolean, serverObjects: boolean) {
  const [open, setOpen] = useState(() => activeOnArrival || serverObjects);
  useEffect(() => {
    if (serverObjects) setOpen(true);
  }, [serverObjects]);
  return [open, setOpen] as const;
}

interface ListFiltersProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many of the panel's filters are on. */
  active: number;
  /** Clear filters: every filter back to its default. */
  onClear: () => void;
  /** In the Filters button's row, before it (quick filters). */
  beside?: ReactNode;
  /** The panel's fields. */
  children: ReactNode;
}

/** The Filters button (with what sits beside it) and the collapsible panel it opens, ending in Clear filters. */
export function ListFilters({ open, onOpenChange, active, onClear, beside, children }: ListFiltersProps) {
  const panelId = useId();
  return (
    <>
      <div className="list-toolbar__row">
        {beside}
        <FiltersToggle open={open} panelId={panelId} active={active} onToggle={() => onOpenChange(!open)} />
      </div>
      <FiltersPanel id={panelId} open={open}>
        <div className="list-filters__grid">{children}</div>
        <div className="list-filters__actions">
          <button type="button" className="btn btn--secondary" onClick={onClear}>
            Clear filters
          </button>
        </div>
      </FiltersPanel>
    </>
  );
}

/** Two filters that bound one value (from and to dates, min and max amounts) under one legend. */
export function FilterRange({ legend, children }: { legend?: string; children: ReactNode }) {
  if (legend === undefined) return <div className="list-range">{children}</div>;
  return (
    <fieldset className="list-range">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** One of the panel's choices, 'All …' first when given; its error (the server's) under it. */
export function FilterSelect(props: {
  label: string;
  allLabel?: string;
  value: string;
  options: readonly SelectOption[];
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <SelectField
      options={props.options}
      label={props.label}
      layout="compact"
      error={props.error}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    >
      {props.allLabel !== undefined && <option value="">{props.allLabel}</option>}
    </SelectField>
  );
}

/** A number typed into the panel: written to the address after a pause or on leaving the box. */
export function FilterNumber(props: {
  label: string;
  value: string;
  onCommit: (value: string, replace: boolean) => void;
  error?: string;
  step: number;
  min: number;
  max?: number;
}) {
  const typed = useDebouncedValue(props.value, props.onCommit);
  return (
    <TextField
      label={props.label}
      layout="compact"
      error={props.error}
      type="number"
      inputMode={props.step < 1 ? 'decimal' : 'numeric'}
      min={props.min}
      max={props.max}
      step={props.step}
      value={typed.value}
      onChange={(event) => typed.setValue(event.target.value)}
      onBlur={typed.flush}
    />
  );
}

/** A pair of days under one legend, each bounding the other; both ends count whole days. */
export function FilterDates(props: {
  legend: string;
  labels: readonly [from: string, to: string];
  from: string;
  to: string;
  errors: { from?: string; to?: string };
  onChange: (end: 'from' | 'to', value: string) => void;
}) {
  return (
    <FilterRange legend={props.legend}>
      <TextField
        label={props.labels[0]}
        layout="compact"
        error={props.errors.from}
        type="date"
        value={props.from}
        max={props.to || undefined}
        onChange={(event) => props.onChange('from', event.target.value)}
      />
      <TextField
        label={props.labels[1]}
        layout="compact"
        error={props.errors.to}
        type="date"
        value={props.to}
        min={props.from || undefined}
        onChange={(event) => props.onChange('to', event.target.value)}
      />
    </FilterRange>
  );
}
