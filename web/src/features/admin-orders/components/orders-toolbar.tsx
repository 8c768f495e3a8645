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
import { memo } from 'react';
import {
  FilterDates,
  FilterNumber,
  FilterRange,
  FilterSelect,
  ListChips,
  ListFilters,
  ListSearch,
  ListToolbar,
} from '../../../components/list/list-toolbar';
import type { UpdateOptions } from '../../../components/list/use-list-params';

const PAYMENT_METHOD_OPTIONS = paymentMethodFilterOptions();
const SHIPMENT_OPTIONS = SHIPMENT_STATUS_FILTERS.map((value) => ({ value, label: statusLabel(value) }));

const quickLabel = (quick: QuickFilter): string => {
  const hours = QUICK_FILTER_HOURS[quick];
  const window = hours % 24 === 0 && hours > 24 ? `last ${hours / 24} days` : `last ${hours} hours`;
  return `${statusLabel(quick)} (${window})`;
};
const QUICK_OPTIONS = QUICK_FILTERS.map((value) => ({ value, label: quickLabel(value) }));

interface OrdersToolbarProps {
  params: OrderListParams;
  errors: Partial<Record<OrderFilterControl, string>>;
  panelOpen: boolean;
  onPanelOpenChange: (open: boolean) => void;
  update: (patch: OrderListPatch, options?: UpdateOptions) => void;
  toggleQuick: (quick: QuickFilter) => void;
  clear: () => void;
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
  const activeInPanel = PANEL_KEYS.filter((key) => params[key] !== '').length + (params.quick ? 1 : 0);

  return (
    <ListToolbar>
      <ListSearch
        label="Search orders"
        placeholder="Order number, name or e-mail"
        value={params.q}
        onCommit={(q, replace) => update({ q }, { replace })}
        error={errors.q}
      />
      <ListFilters
        open={panelOpen}
        onOpenChange={onPanelOpenChange}
        active={activeInPanel}
        onClear={clear}
        beside={
          <ListChips
            legend="Quick filters"
            options={QUICK_OPTIONS}
            pressed={params.quick}
            onPress={toggleQuick}
          />
        }
      >
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
          options={SHIPMENT_OPTIONS}
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
        <FilterDates
          legend="Order date"
          labels={['From date', 'To date']}
          from={params.from}
          to={params.to}
          errors={{ from: errors.from, to: errors.to }}
          onChange={(end, value) => update({ [end]: value })}
        />
        <FilterRange legend="Order total">
          <FilterNumber
            label="Min amount"
            value={params.minAmount}
            onCommit={(minAmount, replace) => update({ minAmount }, { replace })}
            error={errors.minAmount}
            step={0.01}
            min={0}
          />
          <FilterNumber
            label="Max amount"
            value={params.maxAmount}
            onCommit={(maxAmount, replace) => update({ maxAmount }, { replace })}
            error={errors.maxAmount}
            step={0.01}
            min={0}
          />
        </FilterRange>
      </ListFilters>
    </ListToolbar>
  );
});
