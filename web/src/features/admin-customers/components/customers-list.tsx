import { dateTimeParts } from '@shared/rules/date-format';
import { formatMoney } from '@shared/rules/money';
import type { AdminCustomerRow } from '@shared/schemas/admin-customer-list';
import { Link } from 'react-router';
import { type CardLayout, type Column, DataTable, type RowLink } from '../../../components/list/data-table';
import { listReturnState } from '../../../components/list/use-list-params';

export const adminCustomerHref = (id: string): string => `/admin/customers/${encodeURIComponent(id)}`;
/** The customer's detail; its back link returns to the list as it is now (filters and page). */
const customerLink = (c: AdminCustomerRow): RowLink => ({
  to: adminCustomerHref(c.id),
  state: listReturnState(),
});

const displayName = (c: AdminCustomerRow) => c.name.trim() || 'Unnamed customer';

/** The day of an order ('MMM d, yyyy'), or a dash for a customer without one. */
function When({ value }: { value: string | null }) {
  return value ? (
    <time dateTime={value} className="admin-table__nowrap">
      {dateTimeParts(value)?.day ?? value}
    </time>
  ) : (
    <>—</>
  );
}

const COLUMNS: ReadonlyArray<Column<AdminCustomerRow>> = [
  {
    key: 'name',
    header: 'Name',
    rowHeader: true,
    cell: (c) => <Link {...customerLink(c)}>{displayName(c)}</Link>,
  },
  { key: 'email', header: 'Email', className: 'list-cell__break', cell: (c) => c.email },
  { key: 'phone', header: 'Phone', className: 'admin-table__nowrap', cell: (c) => c.phone || '—' },
  { key: 'orders', header: 'Orders', numeric: true, cell: (c) => c.totalOrders },
  { key: 'total', header: 'Total', numeric: true, cell: (c) => formatMoney(c.totalAmount) },
  { key: 'first', header: 'First order', cell: (c) => <When value={c.firstOrderDate} /> },
  { key: 'last', header: 'Last order', cell: (c) => <When value={c.lastOrderDate} /> },
];

const CARD: CardLayout<AdminCustomerRow> = {
  title: (c) => <Link {...customerLink(c)}>{displayName(c)}</Link>,
  lines: [
    (c) => (
      <>
        <span className="list-muted">{c.email}</span>
        <span className="list-muted">{c.phone}</span>
      </>
    ),
  ],
  facts: ['orders', 'total', 'first', 'last'],
};

/**
 * The customers as a table where there is room, as cards where there is not. The name is a link, so the
 * keyboard opens a customer; a click anywhere on the row or card does the same.
 */
export function CustomersList({
  customers,
  caption,
}: {
  customers: readonly AdminCustomerRow[];
  caption: string;
}) {
  return (
    <DataTable
      rows={customers}
      rowKey={(c) => c.id}
      columns={COLUMNS}
      card={CARD}
      caption={caption}
      rowLink={customerLink}
    />
  );
}
