import { dashboardMessages } from '@shared/messages';
import { Link } from 'react-router';
import { formatDateTime, formatMoney, StatusBadge } from '../../components/admin/status-badge';
import { AlertIcon, ClipboardIcon } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { StatePanel } from '../../components/state-panel';
import { useDeferredData } from '../../hooks/use-deferred-data';
import { usePageTitle } from '../../hooks/use-page-title';
import { adminOrderHref, paths } from '../../paths';
import { useDashboard } from './api/get-dashboard';
import { DailyChart } from './components/daily-chart';

const m = dashboardMessages;

function StatCard({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="admin-stat">
      <p className="admin-stat__label">{label}</p>
      <p className="admin-stat__value">{value}</p>
      <p className="admin-stat__hint">{hint}</p>
    </div>
  );
}

/** Spec 001 §2 'Overview (/admin)': the three cards, the last 30 days and the 7 most recent orders. */
export function DashboardPage() {
  usePageTitle(paths.admin.title);
  const dashboard = useDashboard();
  const { data, pending } = useDeferredData(dashboard.data, dashboard.isPending);

  return (
    <div className="admin-page">
      <div className="admin-page__header">
        <h1 className="admin-page__title">Overview</h1>
      </div>

      {pending ? (
        <LoadingState message="Loading dashboard..." />
      ) : dashboard.isError || !data ? (
        <StatePanel
          icon={<AlertIcon size={32} />}
          title={m.loadFailed(dashboard.error?.message ?? '')}
          tone="error"
        >
          <div className="button-row button-row--center">
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => void dashboard.refetch()}
              disabled={dashboard.isFetching}
            >
              {m.tryAgain}
            </button>
          </div>
        </StatePanel>
      ) : (
        <>
          <section className="admin-stats" aria-label="Summary">
            <StatCard
              label={m.totalPayments}
              value={formatMoney(data.totalPayments)}
              hint={`Paid on ${data.completedOrders} completed orders`}
            />
            <StatCard
              label={m.inboundShipments}
              value={String(data.inboundShipments)}
              hint="Orders received"
            />
            <StatCard
              label={m.averageOrderValue}
              value={formatMoney(data.averageOrderValue)}
              hint="Per completed order"
            />
          </section>

          <DailyChart days={data.daily} />

          <section className="admin-card" aria-labelledby="recent-orders-title">
            <div className="admin-card__header">
              <h2 id="recent-orders-title" className="admin-card__title">
                {m.recentOrders}
              </h2>
              <Link to={paths.adminOrders.path} className="admin-card__link">
                All orders
              </Link>
            </div>
            {data.recentOrders.length === 0 ? (
              <div className="admin-empty">
                <ClipboardIcon size={28} />
                <p>{m.noRecentOrders}</p>
              </div>
            ) : (
              // On a phone each row is a small card (every value under its column's name), View link included.
              <div className="admin-table-scroll">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Order</th>
                      <th scope="col">Customer</th>
                      <th scope="col">Date</th>
                      <th scope="col">Status</th>
                      <th scope="col" className="admin-table__number">
                        Total
                      </th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.recentOrders.map((order) => (
                      <tr key={order.orderId}>
                        <th scope="row" className="admin-table__mono">
                          {order.orderId}
                        </th>
                        <td data-label="Customer">{order.customerName}</td>
                        <td data-label="Date" className="admin-table__nowrap">
                          {formatDateTime(order.createdAt)}
                        </td>
                        <td data-label="Status">
                          <StatusBadge status={order.status} />
                        </td>
                        <td data-label="Total" className="admin-table__number">
                          {formatMoney(order.total)}
                        </td>
                        <td className="admin-table__actions">
                          <Link
                            to={adminOrderHref(order.orderId)}
                            className="admin-table__action"
                            aria-label={`View order ${order.orderId}`}
                          >
                            View
                          </Link>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}
