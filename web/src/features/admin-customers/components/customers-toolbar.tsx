import {
  activePanelFilters,
  type CustomerFilterControl,
  type CustomerListParams,
  type CustomerListPatch,
  INACTIVE_OPTIONS,
  SEARCH_FIELD_LABELS,
} from '@shared/rules/admin-customer-filters';
import { CUSTOMER_SEARCH_FIELDS, MAX_INACTIVE_DAYS } from '@shared/schemas/admin-customer-list';
import { useId } from 'react';
import { FiltersPanel, FiltersToggle } from '../../../components/admin/filters-toggle';
import { ListSearch } from '../../../components/admin/list-search';
import { CheckboxField, SelectField, TextField } from '../../../components/form/field';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import type { UpdateOptions } from '../use-customer-list-params';

type Errors = Partial<Record<CustomerFilterControl, string>>;
type Update = (patch: CustomerListPatch, options?: UpdateOptions) => void;

interface CustomersToolbarProps {
  params: CustomerListParams;
  errors: Errors;
  panelOpen: boolean;
  onPanelOpenChange: (open: boolean) => void;
  update: Update;
  clear: () => void;
}

type TypedKey = 'minOrders' | 'maxOrders' | 'minAmount' | 'maxAmount' | 'inactiveDays';

/** A number typed into the panel: sent after a pause (or on leaving the field), its server error under it. */
function NumberFilter(props: {
  name: TypedKey;
  label: string;
  params: CustomerListParams;
  errors: Errors;
  update: Update;
  step: number;
  min: number;
  max?: number;
}) {
  const { name, params, update } = props;
  const value = useDebouncedValue(params[name], (v, replace) => update({ [name]: v }, { replace }));
  return (
    <TextField
      label={props.label}
      type="number"
      inputMode={props.step < 1 ? 'decimal' : 'numeric'}
      min={props.min}
      max={props.max}
      step={props.step}
      value={value.value}
      onChange={(event) => value.setValue(event.target.value)}
      onBlur={value.flush}
      error={props.errors[name]}
    />
  );
}

/** A pair of days, each ending a range inclusively (the whole of the last day counts). */
function DayRange(props: {
  legend: string;
  from: 'firstFrom' | 'lastFrom';
  to: 'firstTo' | 'lastTo';
  params: CustomerListParams;
  errors: Errors;
  update: Update;
}) {
  const { from, to, params, errors, update } = props;
  return (
    <fieldset className="customers-range">
      <legend>{props.legend}</legend>
      <TextField
        label={`${props.legend}: from`}
        type="date"
        value={params[from]}
        max={params[to] || undefined}
        onChange={(event) => update({ [from]: event.target.value })}
        error={errors[from]}
      />
      <TextField
        label={`${props.legend}: to`}
        type="date"
        value={params[to]}
        min={params[from] || undefined}
        onChange={(event) => update({ [to]: event.target.value })}
        error={errors[to]}
      />
    </fieldset>
  );
}

/** Search with its fields, and the collapsible filter panel (spec 001 §2 Customers); every value is in the address. */
export function CustomersToolbar({
  params,
  errors,
  panelOpen,
  onPanelOpenChange,
  update,
  clear,
}: CustomersToolbarProps) {
  const panelId = useId();
  const active = activePanelFilters(params);

  const toggleField = (field: (typeof CUSTOMER_SEARCH_FIELDS)[number], on: boolean) =>
    update({ fields: on ? [...params.fields, field] : params.fields.filter((f) => f !== field) });

  const shared = { params, errors, update };

  return (
    <div className="customers-toolbar">
      <ListSearch
        label="Search customers"
        placeholder="Name, e-mail or phone"
        value={params.q}
        onCommit={(q, replace) => update({ q }, { replace })}
        error={errors.q ?? errors.fields}
      >
        <fieldset className="customers-search__fields">
          <legend>Search in</legend>
          {CUSTOMER_SEARCH_FIELDS.map((field) => {
            const checked = params.fields.includes(field);
            // The search always looks somewhere: the last field checked stays checked.
            const last = checked && params.fields.length === 1;
            return (
              <CheckboxField
                key={field}
                label={SEARCH_FIELD_LABELS[field]}
                className="customers-check"
                checked={checked}
                disabled={last}
                onChange={(event) => toggleField(field, event.target.checked)}
              />
            );
          })}
        </fieldset>
      </ListSearch>

      <div className="customers-toolbar__row">
        <FiltersToggle
          open={panelOpen}
          panelId={panelId}
          active={active}
          onToggle={() => onPanelOpenChange(!panelOpen)}
        />
      </div>

      <FiltersPanel id={panelId} className="customers-filters" open={panelOpen}>
        <div className="customers-filters__grid">
          <fieldset className="customers-range">
            <legend>Number of orders</legend>
            <NumberFilter name="minOrders" label="Min orders" step={1} min={0} {...shared} />
            <NumberFilter name="maxOrders" label="Max orders" step={1} min={0} {...shared} />
          </fieldset>
          <fieldset className="customers-range">
            <legend>Total amount (USD)</legend>
            <NumberFilter name="minAmount" label="Min amount" step={0.01} min={0} {...shared} />
            <NumberFilter name="maxAmount" label="Max amount" step={0.01} min={0} {...shared} />
          </fieldset>
          <DayRange legend="First order" from="firstFrom" to="firstTo" {...shared} />
          <DayRange legend="Last order" from="lastFrom" to="lastTo" {...shared} />
          <div className="customers-range">
            <SelectField
              options={INACTIVE_OPTIONS}
              label="Last order more than … ago"
              value={params.inactive}
              onChange={(event) => update({ inactive: event.target.value })}
            />
            {params.inactive === 'custom' && (
              <NumberFilter
                name="inactiveDays"
                label="Days since last order"
                step={1}
                min={1}
                max={MAX_INACTIVE_DAYS}
                {...shared}
              />
            )}
          </div>
        </div>
        <div className="customers-filters__actions">
          <button type="button" className="btn btn--secondary" onClick={clear}>
            Clear filters
          </button>
        </div>
      </FiltersPanel>
    </div>
  );
}
