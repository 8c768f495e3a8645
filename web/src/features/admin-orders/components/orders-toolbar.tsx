import { QUICK_FILTER_HOURS } from '@shared/constants';
import {
  effectiveStatus,
  ORDER_STATUS_OPTIONS,
  type OrderFilterControl,
  type OrderListParams,
  type OrderListPatch,
  PANEL_KEYS,
  paymentMethodFilterOptions,
  QUICK_FILTERS,
  type QuickFilter,
} from '@shared/rules/admin-order-filters';
import { statusLabel } from '@shared/rules/admin-order-forms';
import { SHIPMENT_STATUS_FILTERS } from '@shared/schemas/admin-orders';
import { memo, useId } from 'react';
import { FiltersPanel, FiltersToggle } from '../../../components/admin/filters-toggle';
import { ListSearch } from '../../../components/admin/list-search';
import { SelectField, TextField } from '../../../components/form/field';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import type { UpdateOptions } from '../use-order-list-params';

const PAYMENT_METHOD_OPTIONS = paymentMethodFilterOptions();

const quickLabel = (quick: QuickFilter): string => {
  const hours = QUICK_FILTER_HOURS[quick];
  const window = hours % 24 === 0 && hours > 24 ? `last ${hours / 24} days` : `last ${hours} hours`;
  return `${statusLabel(quick)} (${window})`;
};

type Errors = Partial<Record<OrderFilterControl, string>>;

interface OrdersToolbarProps {
  params: OrderListParams;
  errors: Errors;
  panelOpen: boolean;
  onPanelOpenChange: (open: boolean) => void;
  update: (patch: OrderListPatch, options?: UpdateOptions) => void;
  toggleQuick: (quick: QuickFilter) => void;
  clear: () => void;
}

/** One of the panel's choices: 'All …' first, then the options; its error (the server's) under it. */
function FilterSelect(props: {
  label: string;
  allLabel: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <SelectField
      options={props.options}
      label={props.label}
      layout="compact"
      className="orders-field"
      error={props.error}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    >
      <option value="">{props.allLabel}</option>
    </SelectField>
  );
}

/** A bound of the order total: typed freely, written to the address after a pause or on leaving the box. */
function AmountField(props: {
  label: string;
  error: string | undefined;
  debounced: ReturnType<typeof useDebouncedValue>;
}) {
  const { value, setValue, flush } = props.debounced;
  return (
    <TextField
      label={props.label}
      layout="compact"
      className="orders-field"
      error={props.error}
      type="number"
      inputMode="decimal"
      min={0}
      step={0.01}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={flush}
    />
  );
}

/**
 * Search, quick filters and the collapsible filter panel; every value lives in the address. Memoised: the list
 * loading and arriving re-render the page, and the toolbar (most of the page's elements) only when its own props
 * change.
 */
export const OrdersToolbar = memo(function OrdersToolbar({
  params,
  errors,
  panelOpen,
  onPanelOpenChange,
  update,
  toggleQuick,
  clear,
}: OrdersToolbarProps) {
  const panelId = useId();
  const minAmount = useDebouncedValue(params.minAmount, (v, replace) =>
    update({ minAmount: v }, { replace }),
  );
  const maxAmount = useDebouncedValue(params.maxAmount, (v, replace) =>
    update({ maxAmount: v }, { replace }),
  );

  const activeInPanel = PANEL_KEYS.filter((key) => params[key] !== '').length + (params.quick ? 1 : 0);

  return (
    <div className="orders-toolbar">
      <ListSearch
        label="Search orders"
        placeholder="Order number, name or e-mail"
        value={params.q}
        onCommit={(q, replace) => update({ q }, { replace })}
        error={errors.q}
      />

      <div className="orders-toolbar__row">
        <fieldset className="orders-quick">
          <legend className="visually-hidden">Quick filters</legend>
          {QUICK_FILTERS.map((quick) => (
            <button
              key={quick}
              type="button"
              className="orders-chip"
              aria-pressed={params.quick === quick}
              onClick={() => toggleQuick(quick)}
            >
              {quickLabel(quick)}
            </button>
          ))}
        </fieldset>
        <FiltersToggle
          className="orders-toolbar__toggle"
          open={panelOpen}
          panelId={panelId}
          active={activeInPanel}
          onToggle={() => onPanelOpenChange(!panelOpen)}
        />
      </div>

      <FiltersPanel id={panelId} className="orders-filters" open={panelOpen}>
        <div className="orders-filters__grid">
          <FilterSelect
            label="Status"
            allLabel="All statuses"
            value={effectiveStatus(params)}
            options={ORDER_STATUS_OPTIONS}
            error={errors.status}
            onChange={(status) => update({ status })}
          />
          <FilterSelect
            label="Shipment status"
            allLabel="All shipment statuses"
            value={params.shipmentStatus}
            options={SHIPMENT_STATUS_FILTERS.map((value) => ({ value, label: statusLabel(value) }))}
            error={errors.shipmentStatus}
            onChange={(shipmentStatus) => update({ shipmentStatus })}
          />
          <FilterSelect
            label="Payment method"
            allLabel="All payment methods"
            value={params.paymentMethod}
            options={PAYMENT_METHOD_OPTIONS}
            error={errors.paymentMethod}
            onChange={(paymentMethod) => update({ paymentMethod })}
          />

          <fieldset className="orders-range">
            <legend>Order date</legend>
            <TextField
              label="From date"
              layout="compact"
              className="orders-field"
              error={errors.from}
              type="date"
              value={params.from}
              max={params.to || undefined}
              onChange={(event) => update({ from: event.target.value })}
            />
            <TextField
              label="To date"
              layout="compact"
              className="orders-field"
              error={errors.to}
              type="date"
              value={params.to}
              min={params.from || undefined}
              onChange={(event) => update({ to: event.target.value })}
            />
          </fieldset>

          <fieldset className="orders-range">
            <legend>Order total</legend>
            <AmountField label="Min amount" error={errors.minAmount} debounced={minAmount} />
            <AmountField label="Max amount" error={errors.maxAmount} debounced={maxAmount} />
          </fieldset>
        </div>
        <div className="orders-filters__actions">
          <button type="button" className="btn btn--secondary" onClick={clear}>
            Clear filters
          </button>
        </div>
      </FiltersPanel>
    </div>
  );
});
