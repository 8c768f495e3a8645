import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import './list.css';

/** One column of a list: its heading, its cell, and how a card shows it. */
export interface Column<Row> {
  /** Names the column for a card's facts and badges. */
  key: string;
  /** The column's heading; also the label of its value on a card's facts and on a stacked row. */
  header: string;
  /** The heading is read, not shown (a column of links or buttons). */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** The cell that names its row (`th scope="row"`): the order number, the customer's name. */
  rowHeader?: boolean;
  /** Amounts and counts: right-aligned, tabular figures, never wrapped. */
  numeric?: boolean;
  /** The cell's own class. */
  className?: string;
}

/**
 * A row as a card, where the table does not fit: its heading (with a thumbnail before it, a line under it and a
 * date beside it), lines of text, facts (columns' values under their headings), badges and actions.
 */
export interface CardLayout<Row> {
  title: (row: Row) => ReactNode;
  lead?: (row: Row) => ReactNode;
  sub?: (row: Row) => ReactNode;
  meta?: (row: Row) => ReactNode;
  lines?: ReadonlyArray<(row: Row) => ReactNode>;
  /** Keys of the columns shown as label and value. */
  facts?: readonly string[];
  /** Keys of the columns shown side by side, without labels (status badges). */
  badges?: readonly string[];
  actions?: (row: Row) => ReactNode;
}

/** Where a row leads: a click anywhere on it (not on its own links and buttons) goes there. */
export interface RowLink {
  to: string;
  state?: unknown;
}

interface DataTableProps<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: ReadonlyArray<Column<Row>>;
  /** Read with the table and the list of cards ('Orders, page 2'). */
  caption: string;
  /**
   * The rows as cards where the table does not fit. Without it, the back office's plain table (a short list in a
   * detail page), whose rows stack their values under their headings on a phone.
   */
  card?: CardLayout<Row>;
  /** The row's link: the keyboard follows the link in its row header; a pointer may click the whole row. */
  rowLink?: (row: Row) => RowLink;
  /** A table with many columns: cards until the page is wide enough for it (960 px rather than 900). */
  wide?: boolean;
  /** The smaller type, for a table that must fit beside the sidebar. */
  compact?: boolean;
}

/** A click on the row itself, not on a control inside it nor the end of a text selection. */
const onRowItself = (event: MouseEvent) =>
  (event.target as HTMLElement).closest('a, button, input, select, textarea, label') === null &&
  !window.getSelection()?.toString();

/** Numbers' class: the list table's own, or the plain table's. */
const numClass = (column: Column<unknown>, stacked: boolean) =>
  column.numeric ? (stacked ? 'admin-table__number' : 'list-num') : '';

const cellClass = (column: Column<unknown>, stacked: boolean) =>
  [numClass(column, stacked), column.className].filter(Boolean).join(' ') || undefined;

function Heading<Row>({ column, stacked }: { column: Column<Row>; stacked: boolean }) {
  return (
    <th scope="col" className={numClass(column as Column<unknown>, stacked) || undefined}>
      {column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
    </th>
  );
}

function Cell<Row>({ column, row, stacked }: { column: Column<Row>; row: Row; stacked: boolean }) {
  const className = cellClass(column as Column<unknown>, stacked);
  if (column.rowHeader)
    return (
      <th scope="row" className={className}>
        {column.cell(row)}
      </th>
    );
  return (
    <td className={className} data-label={stacked && !column.hideHeader ? column.header : undefined}>
      {column.cell(row)}
    </td>
  );
}

function Card<Row>({
  row,
  layout,
  byKey,
  onClick,
}: {
  row: Row;
  layout: CardLayout<Row>;
  byKey: Map<string, Column<Row>>;
  onClick?: (event: MouseEvent) => void;
}) {
  const columns = (keys: readonly string[] | undefined) =>
    (keys ?? []).flatMap((key) => byKey.get(key) ?? []);
  const facts = columns(layout.facts);
  const badges = columns(layout.badges);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer convenience; the heading's link is the keyboard way in.
    <li className={onClick ? 'list-card is-clickable' : 'list-card'} onClick={onClick}>
      <div className={layout.lead ? 'list-card__head list-card__head--lead' : 'list-card__head'}>
        {layout.lead?.(row)}
        <div>
          <h2 className="list-card__title">{layout.title(row)}</h2>
          {layout.sub && <p className="list-card__sub">{layout.sub(row)}</p>}
        </div>
        {layout.meta && <span className="list-card__meta">{layout.meta(row)}</span>}
      </div>
      {layout.lines?.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are the layout's, fixed in number and order.
        <p key={index} className="list-card__line">
          {line(row)}
        </p>
      ))}
      {facts.length > 0 && (
        <dl className="list-card__facts">
          {facts.map((column) => (
            <div key={column.key}>
              <dt>{column.header}</dt>
              <dd>{column.cell(row)}</dd>
            </div>
          ))}
        </dl>
      )}
      {badges.length > 0 && (
        <div className="list-card__badges">
          {badges.map((column) => (
            <span key={column.key}>{column.cell(row)}</span>
          ))}
        </div>
      )}
      {layout.actions && <div className="list-card__actions">{layout.actions(row)}</div>}
    </li>
  );
}

/**
 * A list's rows as a table where there is room, as cards where there is not (a container query shows one; the
 * other is display:none, so neither assistive technology nor the keyboard meets the same row twice). Without a
 * card layout the table stays, and a narrow one shows each row's values under their headings.
 */
export function DataTable<Row>({
  rows,
  rowKey,
  columns,
  caption,
  card,
  rowLink,
  wide,
  compact,
}: DataTableProps<Row>) {
  const navigate = useNavigate();
  const open = rowLink
    ? (row: Row) => (event: MouseEvent) => {
        if (!onRowItself(event)) return;
        const { to, state } = rowLink(row);
        navigate(to, { state });
      }
    : undefined;
  const stacked = !card;
  const wrapClass = [
    'list-table-wrap',
    stacked ? 'list-table-wrap--stack' : '',
    wide ? 'list-table-wrap--wide' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const tableClass = [
    'admin-table list-table',
    stacked ? 'list-table--stack' : '',
    compact ? 'list-table--compact' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const byKey = new Map(columns.map((column) => [column.key, column]));

  return (
    <>
      <div className={wrapClass}>
        <table className={tableClass}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <Heading key={column.key} column={column} stacked={stacked} />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className={open ? 'is-clickable' : undefined} onClick={open?.(row)}>
                {columns.map((column) => (
                  <Cell key={column.key} column={column} row={row} stacked={stacked} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {card && (
        <ul className={wide ? 'list-cards list-cards--wide' : 'list-cards'} aria-label={caption}>
          {rows.map((row) => (
            <Card key={rowKey(row)} row={row} layout={card} byKey={byKey} onClick={open?.(row)} />
          ))}
        </ul>
      )}
    </>
  );
}
