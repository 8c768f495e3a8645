import { adminCustomerMessages as m } from '@shared/messages';
import { formatDateTime } from '@shared/rules/date-format';
import { formatMoney } from '@shared/rules/money';
import { type AdminCustomerDetail, isCustomerId } from '@shared/schemas/admin-customer';
import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { StatusBadge } from '../../components/admin/status-badge';
import { AlertIcon, ArrowLeftIcon } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { StatePanel } from '../../components/state-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { isApiError } from '../../lib/api-client';
import { useAdminCustomer } from './api/get-customer';
import { CustomerEditForm } from './components/customer-edit-form';
import './customers.css';

const LIST_PATH = '/admin/customers';
const orderHref = (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`;

/** Back to the list as it was left (its filters ride along in the navigation state), else the plain list. */
function useListHref(): string {
  const state = useLocation().state as { listSearch?: unknown } | null;
  return typeof state?.listSearch === 'string' ? `${LIST_PATH}${state.listSearch}` : LIST_PATH;
}

function BackLink() {
  return (
    <Link to={useListHref()} className="customer-back">
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

function RecentOrders({ customer }: { customer: AdminCustomerDetail }) {
  const navigate = useNavigate();
  const open = (orderId: string) => (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a')) return;
    navigate(orderHref(orderId));
  };
  return (
    <section className="card customer-section customer-section--wide" aria-labelledby="customer-orders-title">
      <h2 id="customer-orders-title" className="customer-section__title">
        Latest orders
      </h2>
      {customer.recentOrders.length === 0 ? (
        <p className="customer-muted">{m.noOrders}</p>
      ) : (
        <div className="customers-table-wrap customers-table-wrap--always">
          <table className="customers-table customer-orders">
            <caption className="visually-hidden">The customer's latest orders, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Date</th>
                <th scope="col" className="customers-table__num">
                  Total
                </th>
                <th scope="col" className="customers-table__num">
                  Paid
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {customer.recentOrders.map((o) => (
                <tr key={o.orderId} onClick={open(o.orderId)} className="customers-table__row">
                  <th scope="row">
                    <Link to={orderHref(o.orderId)} className="customers-table__link">
                      {o.orderId}
                    </Link>
                  </th>
                  <td data-label="Date">
                    <time dateTime={o.createdAt}>{formatDateTime(o.createdAt)}</time>
                  </td>
                  <td className="customers-table__num" data-label="Total">
                    {formatMoney(o.total)}
                  </td>
                  <td className="customers-table__num" data-label="Paid">
                    {formatMoney(o.paidAmount)}
                  </td>
                  <td data-label="Status">
                    <StatusBadge status={o.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
          <dl className="customer-facts">
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
          <dl className="customer-facts customer-stats">
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
