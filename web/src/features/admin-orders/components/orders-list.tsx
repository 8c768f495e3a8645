import { paymentMethodLabel } from '@shared/rules/admin-order-filters';
import { dateTimeParts, formatDateTime } from '@shared/rules/date-format';
import { formatMoney } from '@shared/rules/money';
import { paymentStatus } from '@shared/rules/order';
import type { AdminOrderRow } from '@shared/schemas/admin-order-list';
import { Link } from 'react-router';
import { PaymentBadge, StatusBadge } from '../../../components/admin/status-badge';
import { OrderStatusSelect, type StatusNotice } from './order-status-select';

export const adminOrderHref = (orderId: string): string => `/admin/orders/${encodeURIComponent(orderId)}`;

interface OrdersListProps {
  orders: AdminOrderRow[];
  caption: string;
  confirmComplete: (orderId: string) => Promise<boolean>;
  onNotice: (notice: StatusNotice) => void;
}

const customerName = (order: AdminOrderRow) =>
  `${order.customer.firstName} ${order.customer.lastName}`.trim() || 'Unknown customer';

function ViewDetails({ orderId, className }: { orderId: string; className: string }) {
  return (
    <Link to={adminOrderHref(orderId)} className={className}>
      View Details<span className="visually-hidden"> for order {orderId}</span>
    </Link>
  );
}

/** 'MMM d, yyyy HH:mm', the time on a line of its own where the table is narrow. */
function DateTime({ value }: { value: string }) {
  const parts = dateTimeParts(value);
  if (!parts) return <>{value}</>;
  return (
    <time dateTime={value}>
      <span className="orders-table__day">{parts.day}</span>{' '}
      <span className="orders-table__time">{parts.time}</span>
    </time>
  );
}

/**
 * The orders as a table where there is room, as cards where there is not (a container query picks one; the
 * other is display:none, so neither assistive technology nor the keyboard meets the same order twice).
 */
export function OrdersList({ orders, caption, confirmComplete, onNotice }: OrdersListProps) {
  return (
    <>
      <div className="orders-table-wrap">
        <table className="orders-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Customer</th>
              <th scope="col" className="orders-table__num">
                Total
              </th>
              <th scope="col" className="orders-table__num">
                Paid
              </th>
              <th scope="col">Payment</th>
              <th scope="col">Shipment</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.orderId}>
                <th scope="row" className="orders-table__id">
                  {order.orderId}
                </th>
                <td className="orders-table__date">
                  <DateTime value={order.createdAt} />
                </td>
                <td className="orders-table__customer">
                  <span className="orders-table__name">{customerName(order)}</span>
                  <span className="orders-table__email">{order.customer.email}</span>
                </td>
                <td className="orders-table__num">{formatMoney(order.total)}</td>
                <td className="orders-table__num">{formatMoney(order.paidAmount)}</td>
                <td>
                  <PaymentBadge status={paymentStatus(order.paidAmount, order.total)} />
                  {order.paymentMethod && (
                    <span className="orders-table__method">{paymentMethodLabel(order.paymentMethod)}</span>
                  )}
                </td>
                <td>
                  <StatusBadge status={order.shipmentStatus} />
                </td>
                <td>
                  <OrderStatusSelect order={order} confirmComplete={confirmComplete} onNotice={onNotice} />
                </td>
                <td>
                  <ViewDetails orderId={order.orderId} className="orders-table__view" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="order-cards" aria-label={caption}>
        {orders.map((order) => (
          <li key={order.orderId} className="order-card">
            <div className="order-card__head">
              <h2 className="order-card__id">Order {order.orderId}</h2>
              <span className="order-card__date">{formatDateTime(order.createdAt)}</span>
            </div>
            <p className="order-card__customer">
              <span className="orders-table__name">{customerName(order)}</span>
              <span className="orders-table__email">{order.customer.email}</span>
            </p>
            <dl className="order-card__facts">
              <div>
                <dt>Total</dt>
                <dd>{formatMoney(order.total)}</dd>
              </div>
              <div>
                <dt>Paid</dt>
                <dd>{formatMoney(order.paidAmount)}</dd>
              </div>
              <div>
                <dt>Payment</dt>
                <dd>
                  <PaymentBadge status={paymentStatus(order.paidAmount, order.total)} />
                  {order.paymentMethod && (
                    <span className="orders-table__method">{paymentMethodLabel(order.paymentMethod)}</span>
                  )}
                </dd>
              </div>
              <div>
                <dt>Shipment</dt>
                <dd>
                  <StatusBadge status={order.shipmentStatus} />
                </dd>
              </div>
            </dl>
            <div className="order-card__actions">
              <OrderStatusSelect order={order} confirmComplete={confirmComplete} onNotice={onNotice} />
              <ViewDetails orderId={order.orderId} className="btn btn--secondary order-card__view" />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
