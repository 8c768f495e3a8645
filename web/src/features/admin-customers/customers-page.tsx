import { adminCustomerMessages as m } from '@shared/messages';
import {
  activePanelFilters,
  customerFilterErrors,
  isPanelControl,
} from '@shared/rules/admin-customer-filters';
import { showingLine } from '@shared/rules/paging';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Pagination } from '../../components/admin/pagination';
import { AlertIcon, BoxIcon } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { StatePanel } from '../../components/state-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { isApiError } from '../../lib/api-client';
import { useAdminCustomers } from './api/list-customers';
import { CustomersList } from './components/customers-list';
import { CustomersToolbar } from './components/customers-toolbar';
import { useCustomerListParams } from './use-customer-list-params';
import './customers.css';

const NOUN = ['customer', 'customers'] as const;

/** The back office customers list (spec 001 §2 Customers): filters, a table or cards, exact paging. */
export function CustomersPage() {
  usePageTitle('Customers');
  const { params, update, clear } = useCustomerListParams();
  const customers = useAdminCustomers(params);

  const badRequest = isApiError(customers.error) && customers.error.status === 400 ? customers.error : null;
  const errors = badRequest ? customerFilterErrors(badRequest.fields) : {};
  const panelError = Object.keys(errors).some(isPanelControl);

  // Open on arrival when the address already carries panel filters, and whenever the server objects to one.
  const [panelOpen, setPanelOpen] = useState(() => activePanelFilters(params) > 0 || panelError);
  useEffect(() => {
    if (panelError) setPanelOpen(true);
  }, [panelError]);

  const refreshing = customers.isFetching && !customers.isPending;
  const data = customers.data;
  const resultsRef = useRef<HTMLElement>(null);
  const goToPage = (page: number) => {
    update({ page });
    resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  let body: ReactNode;
  if (customers.isPending) {
    body = <LoadingState message="Loading customers..." />;
  } else if (badRequest) {
    body = (
      <StatePanel icon={<AlertIcon size={32} />} title={badRequest.message} tone="error">
        <p>{m.emptyHint}</p>
      </StatePanel>
    );
  } else if (customers.isError || !data) {
    body = (
      <StatePanel icon={<AlertIcon size={32} />} title={m.listLoadFailed} tone="error">
        <p>{m.listLoadFailedHint}</p>
        <button type="button" className="btn btn--secondary" onClick={() => customers.refetch()}>
          Try Again
        </button>
      </StatePanel>
    );
  } else if (data.customers.length === 0) {
    body = (
      <StatePanel icon={<BoxIcon size={32} />} title={m.empty}>
        <p>{m.emptyHint}</p>
      </StatePanel>
    );
  } else {
    body = <CustomersList customers={data.customers} caption={`Customers, page ${data.page}`} />;
  }

  return (
    <div className="customers-page">
      <header className="customers-page__header">
        <h1>Customers</h1>
        {refreshing && (
          <span className="customers-page__busy">
            <span className="spinner spinner--inline" aria-hidden="true" />
            Updating…
          </span>
        )}
      </header>

      <CustomersToolbar
        params={params}
        errors={errors}
        panelOpen={panelOpen}
        onPanelOpenChange={setPanelOpen}
        update={update}
        clear={clear}
      />

      <section
        ref={resultsRef}
        className={refreshing ? 'customers-results is-refreshing' : 'customers-results'}
        aria-label="Customer list"
        aria-busy={refreshing}
      >
        {body}
      </section>

      {data && !badRequest && !customers.isError && (
        <Pagination
          noun="Customers"
          page={params.page}
          pageSize={params.pageSize}
          summary={showingLine(data.page, data.pageSize, data.customers.length, data.total, NOUN)}
          total={data.total}
          onPage={goToPage}
          onPageSize={(pageSize) => update({ pageSize })}
        />
      )}
    </div>
  );
}
