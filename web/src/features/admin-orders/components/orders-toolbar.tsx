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
import { type ReactNode, useId } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { FiltersToggle } from '../../admin/components/filters-toggle';
import { ListSearch } from '../../admin/components/list-search';
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

const errorId = (id: string) => `${id}-error`;

/** A field's attributes when it is in error: invalid, and described by its message. */
const described = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': errorId(id) } : {};

const errorText = (id: string, error: string | undefined): ReactNode =>
  error ? (
    <p id={errorId(id)} className="field__error">
      {error}
    </p>
  ) : null;

/** One of the panel's choices: 'All …' first, then the options; its error (the server's) under it. */
function FilterSelect(props: {
  id: string;
  label: string;
  allLabel: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="orders-field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        {...described(props.id, props.error)}
      >
        <option value="">{props.allLabel}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {errorText(props.id, props.error)}
    </div>
  );
}

/** Search, quick filters and the collapsible filter panel; every value lives in the address. */
export function OrdersToolbar({
  params,
  errors,
  panelOpen,
  onPanelOpenChange,
  update,
  toggleQuick,
  clear,
}: OrdersToolbarProps) {
  const ids = {
    panel: useId(),
    status: useId(),
    shipment: useId(),
    method: useId(),
    from: useId(),
    to: useId(),
    min: useId(),
    max: useId(),
  };
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
          panelId={ids.panel}
          active={activeInPanel}
          onToggle={() => onPanelOpenChange(!panelOpen)}
        />
      </div>

      <div id={ids.panel} className="orders-filters" hidden={!panelOpen}>
        <div className="orders-filters__grid">
          <FilterSelect
            id={ids.status}
            label="Status"
            allLabel="All statuses"
            value={effectiveStatus(params)}
            options={ORDER_STATUS_OPTIONS}
            error={errors.status}
            onChange={(status) => update({ status })}
          />
          <FilterSelect
            id={ids.shipment}
            label="Shipment status"
            allLabel="All shipment statuses"
            value={params.shipmentStatus}
            options={SHIPMENT_STATUS_FILTERS.map((value) => ({ value, label: statusLabel(value) }))}
            error={errors.shipmentStatus}
            onChange={(shipmentStatus) => update({ shipmentStatus })}
          />
          <FilterSelect
            id={ids.method}
            label="Payment method"
            allLabel="All payment methods"
            value={params.paymentMethod}
            options={PAYMENT_METHOD_OPTIONS}
            error={errors.paymentMethod}
            onChange={(paymentMethod) => update({ paymentMethod })}
          />

          <fieldset className="orders-range">
            <legend>Order date</legend>
            <div className="orders-field">
              <label htmlFor={ids.from}>From date</label>
              <input
                id={ids.from}
                type="date"
                value={params.from}
                max={params.to || undefined}
                onChange={(event) => update({ from: event.target.value })}
                {...described(ids.from, errors.from)}
              />
              {errorText(ids.from, errors.from)}
            </div>
            <div className="orders-field">
              <label htmlFor={ids.to}>To date</label>
              <input
                id={ids.to}
                type="date"
                value={params.to}
                min={params.from || undefined}
                onChange={(event) => update({ to: event.target.value })}
                {...described(ids.to, errors.to)}
              />
              {errorText(ids.to, errors.to)}
            </div>
          </fieldset>

          <fieldset className="orders-range">
            <legend>Order total</legend>
            <div className="orders-field">
              <label htmlFor={ids.min}>Min amount</label>
              <input
                id={ids.min}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                value={minAmount.value}
                onChange={(event) => minAmount.setValue(event.target.value)}
                onBlur={minAmount.flush}
                {...described(ids.min, errors.minAmount)}
              />
              {errorText(ids.min, errors.minAmount)}
            </div>
            <div className="orders-field">
              <label htmlFor={ids.max}>Max amount</label>
              <input
                id={ids.max}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                value={maxAmount.value}
                onChange={(event) => maxAmount.setValue(event.target.value)}
                onBlur={maxAmount.flush}
                {...described(ids.max, errors.maxAmount)}
              />
              {errorText(ids.max, errors.maxAmount)}
            </div>
          </fieldset>
        </div>
        <div className="orders-filters__actions">
          <button type="button" className="btn btn--secondary" onClick={clear}>
            Clear filters
          </button>
        </div>
      </div>
    </div>
  );
}
