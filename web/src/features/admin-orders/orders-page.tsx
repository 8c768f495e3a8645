import { adminOrderMessages } from '@shared/messages';
import { filterErrors, hasActiveFilters, PANEL_KEYS } from '@shared/rules/admin-order-filters';
import { showingLine } from '@shared/rules/paging';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Pagination } from '../../components/admin/pagination';
import { Dialog } from '../../components/dialog';
import { AlertIcon, BoxIcon, CloseIcon } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { StatePanel } from '../../components/state-panel';
import { useDeferredData } from '../../hooks/use-deferred-data';
import { usePageTitle } from '../../hooks/use-page-title';
import { isApiError } from '../../lib/api-client';
import { useAdminOrders } from './api/list-orders';
import { type StatusNotice, StatusSelectHint } from './components/order-status-select';
import { OrdersList } from './components/orders-list';
import { OrdersToolbar } from './components/orders-toolbar';
import { useOrderListParams } from './use-order-list-params';
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
  const { params, update, toggleQuick, clear } = useOrderListParams();
  const orders = useAdminOrders(params);
  const confirm = useCompletionConfirm();
  const [notice, setNotice] = useState<StatusNotice | null>(null);

  const badRequest = isApiError(orders.error) && orders.error.status === 400 ? orders.error : null;
  // The same object while the answer is the same: the toolbar is memoised on its props.
  const errors = useMemo(() => (badRequest ? filterErrors(badRequest.fields) : NO_ERRORS), [badRequest]);
  const panelError = PANEL_KEYS.some((control) => errors[control]);

  // Open on arrival when the address already carries panel filters, and whenever the server objects to one.
  const [panelOpen, setPanelOpen] = useState(
    () => hasActiveFilters({ ...params, q: '', quick: null }) || panelError,
  );
  useEffect(() => {
    if (panelError) setPanelOpen(true);
  }, [panelError]);

  // The list region is announced busy while a page loads behind the one on screen.
  const refreshing = orders.isFetching && !orders.isPending;
  const { data, pending } = useDeferredData(orders.data, orders.isPending);
  const resultsRef = useRef<HTMLElement>(null);

  const goToPage = (page: number) => {
    update({ page });
    resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  let body: ReactNode;
  if (pending) {
    body = <LoadingState message="Loading orders..." />;
  } else if (badRequest) {
    body = (
      <StatePanel icon={<AlertIcon size={32} />} title={badRequest.message} tone="error">
        <p>{adminOrderMessages.emptyHint}</p>
      </StatePanel>
    );
  } else if (orders.isError || !data) {
    body = (
      <StatePanel icon={<AlertIcon size={32} />} title={adminOrderMessages.loadFailed} tone="error">
        <p>{adminOrderMessages.loadFailedHint}</p>
        <button type="button" className="btn btn--secondary" onClick={() => orders.refetch()}>
          Try Again
        </button>
      </StatePanel>
    );
  } else if (data.orders.length === 0) {
    body = (
      <StatePanel icon={<BoxIcon size={32} />} title={adminOrderMessages.empty}>
        <p>{adminOrderMessages.emptyHint}</p>
      </StatePanel>
    );
  } else {
    body = (
      <OrdersList
        orders={data.orders}
        caption={`Orders, page ${data.page}`}
        confirmComplete={confirm.ask}
        onNotice={setNotice}
      />
    );
  }

  return (
    <div className="orders-page">
      <header className="orders-page__header">
        <h1>Orders</h1>
        {refreshing && (
          <span className="orders-page__busy">
            <span className="spinner spinner--inline" aria-hidden="true" />
            Updating…
          </span>
        )}
      </header>

      <OrdersToolbar
        params={params}
        errors={errors}
        panelOpen={panelOpen}
        onPanelOpenChange={setPanelOpen}
        update={update}
        toggleQuick={toggleQuick}
        clear={clear}
      />

      <div className="orders-notice-region" aria-live="polite">
        {notice && (
          <div
            className={`orders-notice orders-notice--${notice.tone}`}
            role={notice.tone === 'error' ? 'alert' : undefined}
          >
            <p>{notice.text}</p>
            <button
              type="button"
              className="icon-button orders-notice__close"
              aria-label="Dismiss message"
              onClick={() => setNotice(null)}
            >
              <CloseIcon size={18} />
            </button>
          </div>
        )}
      </div>

      <section
        ref={resultsRef}
        className={refreshing ? 'orders-results is-refreshing' : 'orders-results'}
        aria-label="Order list"
        aria-busy={refreshing}
      >
        {body}
      </section>

      {data && !badRequest && !orders.isError && (
        <Pagination
          noun="Orders"
          page={params.page}
          pageSize={params.pageSize}
          summary={showingLine(data.page, data.pageSize, data.orders.length, data.total)}
          total={data.total}
          onPage={goToPage}
          onPageSize={(pageSize) => update({ pageSize })}
        />
      )}

      <StatusSelectHint />
      {confirm.dialog}
    </div>
  );
}
