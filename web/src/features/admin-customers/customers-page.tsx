import { adminCustomerMessages as m } from '@shared/messages';
import {
  activePanelFilters,
  clearCustomerFilters,
  customerFilterErrors,
  isPanelControl,
  readCustomerListParams,
  updateCustomerListSearch,
} from '@shared/rules/admin-customer-filters';
import { ListPage, serverPaging } from '../../components/list/list-page';
import { useFilterPanel } from '../../components/list/list-toolbar';
import { useListParams } from '../../components/list/use-list-params';
import { usePageTitle } from '../../hooks/use-page-title';
import { isApiError } from '../../lib/api-client';
import { useAdminCustomers } from './api/list-customers';
import { CustomersList } from './components/customers-list';
import { CustomersToolbar } from './components/customers-toolbar';
import './customers.css';

const NOUN = ['customer', 'customers'] as const;

/** The back office customers list (spec 001 §2 Customers): filters, a table or cards, exact paging. */
export function CustomersPage() {
  usePageTitle('Customers');
  const { params, update, apply } = useListParams(readCustomerListParams, updateCustomerListSearch);
  const customers = useAdminCustomers(params);

  const badRequest = isApiError(customers.error) && customers.error.status === 400 ? customers.error : null;
  const errors = badRequest ? customerFilterErrors(badRequest.fields) : {};
  const [panelOpen, setPanelOpen] = useFilterPanel(
    activePanelFilters(params) > 0,
    Object.keys(errors).some(isPanelControl),
  );
  const data = customers.data;

  return (
    <ListPage
      title="Customers"
      label="Customer list"
      query={customers}
      rows={data?.customers}
      loading="Loading customers..."
      empty={{ title: m.empty, hint: m.emptyHint }}
      failed={{ title: m.listLoadFailed, hint: m.listLoadFailedHint }}
      refusedHint={m.emptyHint}
      toolbar={
        <CustomersToolbar
          params={params}
          errors={errors}
          panelOpen={panelOpen}
          onPanelOpenChange={setPanelOpen}
          update={update}
          clear={() => apply(clearCustomerFilters)}
        />
      }
      paging={
        data && serverPaging(data, data.customers.length, params, update, { noun: 'Customers', words: NOUN })
      }
    >
      {(rows) => <CustomersList customers={rows} caption={`Customers, page ${data?.page ?? params.page}`} />}
    </ListPage>
  );
}
