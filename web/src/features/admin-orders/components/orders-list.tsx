import { paymentMethodLabel } from '@shared/rules/admin-order-filters';
import { dateTimeParts, formatDateTime } from '@shared/rules/date-format';
import { formatMoney } from '@shared/rules/money';
import { paymentStatus } from '@shared/rules/order';
import type { AdminOrderRow } from '@shared/schemas/admin-order-list';
import { Link } from 'react-router';
import { PaymentBadge, StatusBadge } from '../../../components/admin/status-badge';
import { type CardLayout, type Column, DataTable } from '../../../components/list/data-table';
import type { ListNotice } from '../../../components/list/list-page';
import { adminOrderHref } from '../../../paths';
import { OrderStatusSelect } from './order-status-select';

interface OrdersListProps {
  orders: readonly AdminOrderRow[];
  caption: string;
  confirmComplete: (orderId: string) => Promise<boolean>;
  onNotice: (notice: ListNotice) => void;
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
      <span className="admin-table__nowrap">{parts.day}</span>{' '}
      <span className="orders-time">{parts.time}</span>
    </time>
  );
}

const customer = (order: AdminOrderRow) => (
  <>
    <span className="list-cell__primary">{customerName(order)}</span>
    <span className="list-cell__secondary">{order.customer.email}</span>
  </>
);

const COLUMNS: ReadonlyArray<Column<AdminOrderRow>> = [
  {
    key: 'order',
    header: 'Order',
    rowHeader: true,
    className: 'admin-table__mono admin-table__nowrap',
    cell: (o) => o.orderId,
  },
  { key: 'date', header: 'Date', cell: (o) => <DateTime value={o.createdAt} /> },
  { key: 'customer', header: 'Customer', className: 'orders-customer', cell: customer },
  { key: 'total', header: 'Total', numeric: true, cell: (o) => formatMoney(o.total) },
  { key: 'paid', header: 'Paid', numeric: true, cell: (o) => formatMoney(o.paidAmount) },
  {
    key: 'payment',
    header: 'Payment',
    cell: (o) => (
      <>
        <PaymentBadge status={paymentStatus(o.paidAmount, o.total)} />
        {o.paymentMethod && (
          <span className="list-cell__secondary orders-method">{paymentMethodLabel(o.paymentMethod)}</span>
        )}
      </>
    ),
  },
  { key: 'shipment', header: 'Shipment', cell: (o) => <StatusBadge status={o.shipmentStatus} /> },
];

/** The orders through the list kit: a table where there is room, cards where there is not. */
export function OrdersList({ orders, caption, confirmComplete, onNotice }: OrdersListProps) {
  const status = (order: AdminOrderRow) => (
    <OrderStatusSelect order={order} confirmComplete={confirmComplete} onNotice={onNotice} />
  );
  const columns: ReadonlyArray<Column<AdminOrderRow>> = [
    ...COLUMNS,
    { key: 'status', header: 'Status', cell: status },
    {
      key: 'details',
      header: 'Details',
      hideHeader: true,
      cell: (o) => <ViewDetails orderId={o.orderId} className="orders-view" />,
    },
  ];
  const card: CardLayout<AdminOrderRow> = {
    title: (o) => `Order ${o.orderId}`,
    meta: (o) => formatDateTime(o.createdAt),
    lines: [customer],
    facts: ['total', 'paid', 'payment', 'shipment'],
    actions: (o) => (
      <>
        {status(o)}
        <ViewDetails orderId={o.orderId} className="btn btn--secondary" />
      </>
    ),
  };
  return (
    <DataTable
      rows={orders}
      rowKey={(o) => o.orderId}
      columns={columns}
      card={card}
      caption={caption}
      wide
      compact
    />
  );
}
