import { dateTimeParts } from '@shared/rules/date-format';
import { formatMoney } from '@shared/rules/money';
import type { AdminCustomerRow } from '@shared/schemas/admin-customer-list';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';

export const adminCustomerHref = (id: string): string => `/admin/customers/${encodeURIComponent(id)}`;
/** The detail's back link returns to the list as it is now (filters and page). */
const listState = () => ({ listSearch: window.location.search });

const displayName = (c: AdminCustomerRow) => c.name.trim() || 'Unnamed customer';
/** The day of an order ('MMM d, yyyy'), or a dash for a customer without one. */
const day = (value: string | null) => (value ? (dateTimeParts(value)?.day ?? value) : '—');

function When({ value }: { value: string | null }) {
  return value ? <time dateTime={value}>{day(value)}</time> : <>—</>;
}

/**
 * The customers as a table where there is room, as cards where there is not (a container query shows one).
 * The name is a link, so the keyboard opens a customer; a click anywhere on the row or card does the same.
 */
export function CustomersList({ customers, caption }: { customers: AdminCustomerRow[]; caption: string }) {
  const navigate = useNavigate();
  // A click on the row opens the customer, unless it was on the link itself (which navigates already) or a
  // text selection.
  const open = (id: string) => (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a') || window.getSelection()?.toString()) return;
    navigate(adminCustomerHref(id), { state: listState() });
  };

  return (
    <>
      <div className="customers-table-wrap">
        <table className="customers-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Phone</th>
              <th scope="col" className="customers-table__num">
                Orders
              </th>
              <th scope="col" className="customers-table__num">
                Total
              </th>
              <th scope="col">First order</th>
              <th scope="col">Last order</th>
            </tr>
          </thead>
          <tbody>
            {customers.map((c) => (
              <tr key={c.id} onClick={open(c.id)} className="customers-table__row">
                <th scope="row">
                  <Link to={adminCustomerHref(c.id)} state={listState()} className="customers-table__link">
                    {displayName(c)}
                  </Link>
                </th>
                <td className="customers-table__email">{c.email}</td>
                <td className="customers-table__phone">{c.phone || '—'}</td>
                <td className="customers-table__num">{c.totalOrders}</td>
                <td className="customers-table__num">{formatMoney(c.totalAmount)}</td>
                <td>
                  <When value={c.firstOrderDate} />
                </td>
                <td>
                  <When value={c.lastOrderDate} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="customer-cards" aria-label={caption}>
        {customers.map((c) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer convenience; the heading's link is the keyboard way in.
          <li key={c.id} className="customer-card" onClick={open(c.id)}>
            <h2 className="customer-card__name">
              <Link to={adminCustomerHref(c.id)} state={listState()}>
                {displayName(c)}
              </Link>
            </h2>
            <p className="customer-card__contact">
              <span>{c.email}</span>
              <span>{c.phone}</span>
            </p>
            <dl className="customer-card__facts">
              <div>
                <dt>Orders</dt>
                <dd>{c.totalOrders}</dd>
              </div>
              <div>
                <dt>Total</dt>
                <dd>{formatMoney(c.totalAmount)}</dd>
              </div>
              <div>
                <dt>First order</dt>
                <dd>
                  <When value={c.firstOrderDate} />
                </dd>
              </div>
              <div>
                <dt>Last order</dt>
                <dd>
                  <When value={c.lastOrderDate} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
