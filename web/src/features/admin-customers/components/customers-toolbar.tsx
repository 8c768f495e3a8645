import {
  activePanelFilters,
  type CustomerFilterControl,
  type CustomerListParams,
  type CustomerListPatch,
  INACTIVE_OPTIONS,
  SEARCH_FIELD_LABELS,
} from '@shared/rules/admin-customer-filters';
import { CUSTOMER_SEARCH_FIELDS, MAX_INACTIVE_DAYS } from '@shared/schemas/admin-customer-list';
import { CheckboxField } from '../../../components/form/field';
import {
  FilterDates,
  FilterNumber,
  FilterRange,
  FilterSelect,
  ListFilters,
  ListSearch,
  ListToolbar,
} from '../../../components/list/list-toolbar';
import type { UpdateOptions } from '../../../components/list/use-list-params';

type Errors = Partial<Record<CustomerFilterControl, string>>;
type Update = (patch: CustomerListPatch, options?: UpdateOptions) => void;
type TypedKey = 'minOrders' | 'maxOrders' | 'minAmount' | 'maxAmount' | 'inactiveDays';

interface CustomersToolbarProps {
  params: CustomerListParams;
  errors: Errors;
  panelOpen: boolean;
  onPanelOpenChange: (open: boolean) => void;
  update: Update;
  clear: () => void;
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
  const toggleField = (field: (typeof CUSTOMER_SEARCH_FIELDS)[number], on: boolean) =>
    update({ fields: on ? [...params.fields, field] : params.fields.filter((f) => f !== field) });

  /** A number typed into the panel, sent after a pause (or on leaving the field). */
  const number = (name: TypedKey, label: string, step: number, min: number, max?: number) => (
    <FilterNumber
      label={label}
      value={params[name]}
      onCommit={(value, replace) => update({ [name]: value }, { replace })}
      error={errors[name]}
      step={step}
      min={min}
      max={max}
    />
  );
  const days = (legend: string, from: 'firstFrom' | 'lastFrom', to: 'firstTo' | 'lastTo') => (
    <FilterDates
      legend={legend}
      labels={[`${legend}: from`, `${legend}: to`]}
      from={params[from]}
      to={params[to]}
      errors={{ from: errors[from], to: errors[to] }}
      onChange={(end, value) => update({ [end === 'from' ? from : to]: value })}
    />
  );

  return (
    <ListToolbar>
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

      <ListFilters
        open={panelOpen}
        onOpenChange={onPanelOpenChange}
        active={activePanelFilters(params)}
        onClear={clear}
      >
        <FilterRange legend="Number of orders">
          {number('minOrders', 'Min orders', 1, 0)}
          {number('maxOrders', 'Max orders', 1, 0)}
        </FilterRange>
        <FilterRange legend="Total amount (USD)">
          {number('minAmount', 'Min amount', 0.01, 0)}
          {number('maxAmount', 'Max amount', 0.01, 0)}
        </FilterRange>
        {days('First order', 'firstFrom', 'firstTo')}
        {days('Last order', 'lastFrom', 'lastTo')}
        <FilterRange>
          <FilterSelect
            label="Last order more than … ago"
            options={INACTIVE_OPTIONS}
            value={params.inactive}
            onChange={(inactive) => update({ inactive })}
          />
          {params.inactive === 'custom' &&
            number('inactiveDays', 'Days since last order', 1, 1, MAX_INACTIVE_DAYS)}
        </FilterRange>
      </ListFilters>
    </ListToolbar>
  );
}
