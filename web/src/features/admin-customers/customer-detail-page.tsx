import { adminCustomerMessages as m } from '@shared/messages';
import { formatDateTime } from '@shared/rules/date-format';
import { formatMoney } from '@shared/rules/money';
import { type AdminCustomerDetail, isCustomerId } from '@shared/schemas/admin-customer';
import { Link, useLocation, useParams } from 'react-router';
import { StatusBadge } from '../../components/admin/status-badge';
import { AlertIcon, ArrowLeftIcon } from '../../components/icons';
import { type Column, DataTable } from '../../components/list/data-table';
import { listReturnHref } from '../../components/list/use-list-params';
import { LoadingState } from '../../components/loading-state';
import { StatePanel } from '../../components/state-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { isApiError } from '../../lib/api-client';
import { adminOrderHref } from '../../paths';
import { useAdminCustomer } from './api/get-customer';
import { CustomerEditForm } from './components/customer-edit-form';
import './customers.css';

const LIST_PATH = '/admin/customers';

/** Back to the list as it was left (its filters ride along in the navigation state), else the plain list. */
function BackLink() {
  return (
    <Link to={listReturnHref(LIST_PATH, useLocation().state)} className="customer-back">
      <ArrowLeftIcon size={18} />
      Back to Customers
    </Link>
  );
}

function NotFound() {
  return (
    <div className="customer-detail">
      <StatePanel icon={<AlertIcon size={32} />} title={m.notFound} headingLevel={1} tone="error">
        <p>{m.notFoundDetail}</p>
        <div className="button-row button-row--center">
          <Link to={LIST_PATH} className="btn btn--primary">
            {m.returnToList}
          </Link>
        </div>
      </StatePanel>
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="customer-detail">
      <BackLink />
      <StatePanel icon={<AlertIcon size={32} />} title={m.anError} headingLevel={1} tone="error">
        <p>{m.loadFailed}</p>
        <div className="button-row button-row--center">
          <button type="button" className="btn btn--primary" onClick={onRetry}>
            Try Again
          </button>
        </div>
      </StatePanel>
    </div>
  );
}

const dayOf = (value: string | null) => (value ? formatDateTime(value) : '—');

type RecentOrder = AdminCustomerDetail['recentOrders'][number];

const ORDER_COLUMNS: ReadonlyArray<Column<RecentOrder>> = [
  {
    key: 'order',
    header: 'Order',
    rowHeader: true,
    cell: (o) => <Link to={adminOrderHref(o.orderId)}>{o.orderId}</Link>,
  },
  {
    key: 'date',
    header: 'Date',
    cell: (o) => <time dateTime={o.createdAt}>{formatDateTime(o.createdAt)}</time>,
  },
  { key: 'total', header: 'Total', numeric: true, cell: (o) => formatMoney(o.total) },
  { key: 'paid', header: 'Paid', numeric: true, cell: (o) => formatMoney(o.paidAmount) },
  { key: 'status', header: 'Status', cell: (o) => <StatusBadge status={o.status} /> },
];

function RecentOrders({ customer }: { customer: AdminCustomerDetail }) {
  return (
    <section className="card customer-section customer-section--wide" aria-labelledby="customer-orders-title">
      <h2 id="customer-orders-title" className="customer-section__title">
        Latest orders
      </h2>
      {customer.recentOrders.length === 0 ? (
        <p className="customer-muted">{m.noOrders}</p>
      ) : (
        <DataTable
          rows={customer.recentOrders}
          rowKey={(o) => o.orderId}
          columns={ORDER_COLUMNS}
          caption="The customer's latest orders, newest first"
          rowLink={(o) => ({ to: adminOrderHref(o.orderId) })}
        />
      )}
    </section>
  );
}

function CustomerView({ customer }: { customer: AdminCustomerDetail }) {
  const { address } = customer;
  const hasAddress = Object.values(address).some(Boolean);
  return (
    <div className="customer-detail" data-testid="customer-detail">
      <BackLink />
      <header className="customer-detail__header">
        <h1>{customer.name || 'Unnamed customer'}</h1>
        <p className="customer-muted">{customer.email}</p>
      </header>
      <div className="customer-grid">
        <section className="card customer-section" aria-labelledby="customer-contact-title">
          <h2 id="customer-contact-title" className="customer-section__title">
            Contact information
          </h2>
          <dl className="admin-facts customer-facts">
            <div>
              <dt>Name</dt>
              <dd data-testid="customer-name">{customer.name || '—'}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : '—'}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd data-testid="customer-phone">
                {customer.phone ? (
                  <a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`}>{customer.phone}</a>
                ) : (
                  '—'
                )}
              </dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd data-testid="customer-address">
                {hasAddress ? (
                  <address className="customer-address">
                    {address.street}
                    <br />
                    {address.city}, {address.state} {address.zip}
                  </address>
                ) : (
                  '—'
                )}
              </dd>
            </div>
          </dl>
        </section>
        <section className="card customer-section" aria-labelledby="customer-stats-title">
          <h2 id="customer-stats-title" className="customer-section__title">
            Statistics
          </h2>
          <dl className="admin-facts customer-facts customer-stats">
            <div>
              <dt>Total orders</dt>
              <dd data-testid="customer-total-orders">{customer.totalOrders}</dd>
            </div>
            <div>
              <dt>Total amount</dt>
              <dd data-testid="customer-total-amount">{formatMoney(customer.totalAmount)}</dd>
            </div>
            <div>
              <dt>First order</dt>
              <dd>{dayOf(customer.firstOrderDate)}</dd>
            </div>
            <div>
              <dt>Last order</dt>
              <dd>{dayOf(customer.lastOrderDate)}</dd>
            </div>
          </dl>
        </section>
        <RecentOrders customer={customer} />
        <CustomerEditForm key={customer.id} customer={customer} />
      </div>
    </div>
  );
}

/** `/admin/customers/{id}` (spec 001 §2 Customers): contact, stats, latest orders and the edit form. */
export function CustomerDetailPage() {
  const { id = '' } = useParams();
  const query = useAdminCustomer(id);
  usePageTitle(query.data ? `Customer ${query.data.name}` : 'Customer');

  if (!isCustomerId(id)) return <NotFound />;
  if (query.isPending) return <LoadingState message="Loading customer details..." />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFound />;
    return <LoadFailed onRetry={() => void query.refetch()} />;
  }
  return <CustomerView customer={query.data} />;
}
