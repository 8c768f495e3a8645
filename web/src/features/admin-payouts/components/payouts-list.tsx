import { receivingMessages as m } from '@shared/admin-messages';
import { paymentMethodLabel } from '@shared/rules/admin-order-forms';
import { formatMoney } from '@shared/rules/money';
import type { PayoutRow } from '@shared/schemas/receiving';
import { Link } from 'react-router';
import { type CardLayout, type Column, DataTable, type RowLink } from '../../../components/list/data-table';
import { listReturnState } from '../../../components/list/use-list-params';
import { adminOrderHref } from '../../../paths';

const orderLink = (row: PayoutRow): RowLink => ({
  to: adminOrderHref(row.orderId),
  state: listReturnState(),
});

interface Actions {
  onPay: (row: PayoutRow) => void;
  onReveal: (row: PayoutRow) => void;
}

function RowActions({ row, onPay, onReveal }: { row: PayoutRow } & Actions) {
  return (
    <div className="payouts-actions">
      <button
        type="button"
        className="btn btn--primary payouts-btn"
        onClick={() => onPay(row)}
        data-testid="pay-order"
      >
        {m.pay}
        <span className="visually-hidden"> order {row.orderId}</span>
      </button>
      <button type="button" className="btn btn--secondary payouts-btn" onClick={() => onReveal(row)}>
        {m.revealDetails}
        <span className="visually-hidden"> of order {row.orderId}</span>
      </button>
    </div>
  );
}

const columns = (actions: Actions): ReadonlyArray<Column<PayoutRow>> => [
  {
    key: 'order',
    header: 'Order',
    rowHeader: true,
    cell: (row) => <Link {...orderLink(row)}>#{row.orderId}</Link>,
  },
  {
    key: 'seller',
    header: 'Seller',
    className: 'list-cell__break',
    cell: (row) => (
      <>
        {row.customerName}
        <br />
        <span className="list-muted">{row.email}</span>
      </>
    ),
  },
  { key: 'quote', header: 'Quote', numeric: true, cell: (row) => formatMoney(row.quote) },
  {
    key: 'due',
    header: 'Amount due',
    numeric: true,
    cell: (row) => <strong data-testid="payout-amount">{formatMoney(row.amountDue)}</strong>,
  },
  { key: 'method', header: 'Method', cell: (row) => paymentMethodLabel(row.paymentMethod) || '—' },
  { key: 'days', header: 'Days waited', numeric: true, cell: (row) => m.daysWaited(row.daysWaited) },
  { key: 'answer', header: 'Answer', cell: (row) => m.answerShort[row.answer] },
  {
    key: 'actions',
    header: 'Actions',
    hideHeader: true,
    cell: (row) => <RowActions row={row} {...actions} />,
  },
];

const card = (actions: Actions): CardLayout<PayoutRow> => ({
  title: (row) => <Link {...orderLink(row)}>#{row.orderId}</Link>,
  sub: (row) => row.customerName,
  meta: (row) => m.daysWaited(row.daysWaited),
  facts: ['quote', 'due', 'method', 'answer'],
  actions: (row) => <RowActions row={row} {...actions} />,
});

/** The orders waiting to be paid: a table where there is room, cards where not; each with its two actions. */
export function PayoutsList({
  rows,
  caption,
  ...actions
}: { rows: readonly PayoutRow[]; caption: string } & Actions) {
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row.orderId}
      columns={columns(actions)}
      card={card(actions)}
      caption={caption}
      rowLink={orderLink}
      wide
    />
  );
}
