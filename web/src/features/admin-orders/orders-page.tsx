import { adminOrderMessages } from '@shared/messages';
import {
  clearOrderFilters,
  filterErrors,
  hasActiveFilters,
  PANEL_KEYS,
  type QuickFilter,
  readOrderListParams,
  toggleQuickFilter,
  updateOrderListSearch,
} from '@shared/rules/admin-order-filters';
import { useCallback, useMemo, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { type ListNotice, ListPage, serverPaging } from '../../components/list/list-page';
import { useFilterPanel } from '../../components/list/list-toolbar';
import { useListParams } from '../../components/list/use-list-params';
import { usePageTitle } from '../../hooks/use-page-title';
import { isApiError } from '../../lib/api-client';
import { useAdminOrders } from './api/list-orders';
import { StatusSelectHint } from './components/order-status-select';
import { OrdersList } from './components/orders-list';
import { OrdersToolbar } from './components/orders-toolbar';
import './orders-page.css';

/** Asks before an order is completed, in an accessible dialog; resolves with the answer. */
function useCompletionConfirm() {
  const [request, setRequest] = useState<{ orderId: string; resolve: (ok: boolean) => void } | null>(null);
  const ask = useCallback(
    (orderId: string) => new Promise<boolean>((resolve) => setRequest({ orderId, resolve })),
    [],
  );
  const answer = (ok: boolean) => {
    request?.resolve(ok);
    setRequest(null);
  };
  const dialog = (
    <Dialog
      open={request !== null}
      onClose={() => answer(false)}
      title={adminOrderMessages.confirmCompleteTitle(request?.orderId ?? '')}
      description={adminOrderMessages.confirmComplete}
      size="sm"
      footer={
        <div className="button-row">
          <button type="button" className="btn btn--secondary" onClick={() => answer(false)}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary" onClick={() => answer(true)}>
            {adminOrderMessages.confirmCompleteAction}
          </button>
        </div>
      }
    />
  );
  return { ask, dialog };
}

const NO_ERRORS: ReturnType<typeof filterErrors> = {};

/** The back office orders list (spec 001 §2 Orders). */
export function OrdersPage() {
  usePageTitle('Orders');
  const { params, update, apply } = useListParams(readOrderListParams, updateOrderListSearch);
  const toggleQuick = useCallback((quick: QuickFilter) => apply((s) => toggleQuickFilter(s, quick)), [apply]);
  const clear = useCallback(() => apply(clearOrderFilters), [apply]);
  const orders = useAdminOrders(params);
  const confirm = useCompletionConfirm();
  const [notice, setNotice] = useState<ListNotice | null>(null);

  const badRequest = isApiError(orders.error) && orders.error.status === 400 ? orders.error : null;
  // The same object while the answer is the same: the toolbar is memoised on its props.
  const errors = useMemo(() => (badRequest ? filterErrors(badRequest.fields) : NO_ERRORS), [badRequest]);
  const [panelOpen, setPanelOpen] = useFilterPanel(
    hasActiveFilters({ ...params, q: '', quick: null }),
    PANEL_KEYS.some((control) => errors[control]),
  );
  const data = orders.data;

  return (
    <>
      <ListPage
        title="Orders"
        label="Order list"
        query={orders}
        rows={data?.orders}
        loading="Loading orders..."
        empty={{ title: adminOrderMessages.empty, hint: adminOrderMessages.emptyHint }}
        failed={{ title: adminOrderMessages.loadFailed, hint: adminOrderMessages.loadFailedHint }}
        refusedHint={adminOrderMessages.emptyHint}
        notice={notice}
        onDismissNotice={() => setNotice(null)}
        toolbar={
          <OrdersToolbar
            params={params}
            errors={errors}
            panelOpen={panelOpen}
            onPanelOpenChange={setPanelOpen}
            update={update}
            toggleQuick={toggleQuick}
            clear={clear}
          />
        }
        paging={data && serverPaging(data, data.orders.length, params, update, { noun: 'Orders' })}
      >
        {(rows) => (
          <OrdersList
            orders={rows}
            caption={`Orders, page ${data?.page ?? params.page}`}
            confirmComplete={confirm.ask}
            onNotice={setNotice}
          />
        )}
      </ListPage>
      <StatusSelectHint />
      {confirm.dialog}
    </>
  );
}
