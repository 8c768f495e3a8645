import { receivingMessages as m } from '@shared/admin-messages';
import { formatDateTime } from '@shared/rules/date-format';
import { formatMoney } from '@shared/rules/money';
import type { ReceivedToday, ReceivingOrder } from '@shared/schemas/receiving';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../components/admin/status-badge';
import { TextField } from '../../components/form/field';
import { AlertIcon } from '../../components/icons';
import { type Column, DataTable } from '../../components/list/data-table';
import { LoadingState } from '../../components/loading-state';
import { usePageTitle } from '../../hooks/use-page-title';
import { isApiError } from '../../lib/api-client';
import { adminInspectionHref, adminOrderHref, paths } from '../../paths';
import { useFindReceivedOrder } from './api/find-order';
import { useReceiveOrder } from './api/receive-order';
import { useReceivedToday } from './api/received-today';
import { CameraScan, canScanWithCamera } from './components/camera-scan';
import './receiving.css';

type TodayBox = ReceivedToday['boxes'][number];

const receivedLine = (received: { at: string; by?: string }) =>
  m.alreadyReceived(formatDateTime(received.at), received.by ?? '');

/** The order a code found: who sent it, what they ordered, the carrier's word, and Mark Received or who did. */
function FoundOrder({
  order,
  justReceived,
  onReceived,
}: {
  order: ReceivingOrder;
  justReceived: boolean;
  onReceived: (already: boolean) => void;
}) {
  const id = useId();
  const receive = useReceiveOrder();
  const cancelled = order.status === 'cancelled';
  const inspectLabel = order.inspection ? m.reinspect : m.inspect;

  return (
    <section className="card rcv-found" aria-labelledby={`${id}-title`} data-testid="found-order">
      <div className="rcv-found__head">
        <h2 id={`${id}-title`} className="rcv-found__title">
          Order #{order.orderId}
        </h2>
        <StatusBadge status={order.status} />
      </div>
      {cancelled && (
        <p className="rcv-warning" data-testid="cancelled-warning">
          <AlertIcon size={20} />
          {m.cancelledOrder}
        </p>
      )}
      <dl className="admin-facts">
        <div>
          <dt>Sent by</dt>
          <dd>
            {order.customer.name}
            <br />
            <span className="rcv-muted">{order.customer.email}</span>
          </dd>
        </div>
        <div>
          <dt>From</dt>
          <dd>
            {order.shippingAddress.city}, {order.shippingAddress.state} {order.shippingAddress.zipCode}
          </dd>
        </div>
        <div>
          <dt>Placed</dt>
          <dd>{formatDateTime(order.createdAt)}</dd>
        </div>
        {order.trackingNumber && (
          <div>
            <dt>Tracking number</dt>
            <dd className="rcv-mono">{order.trackingNumber}</dd>
          </div>
        )}
        <div>
          <dt>Carrier</dt>
          <dd data-testid="carrier-state">
            {order.deliveredAt ? m.deliveredByCarrier(formatDateTime(order.deliveredAt)) : m.notDelivered}
          </dd>
        </div>
      </dl>

      <table className="admin-table rcv-items">
        <caption className="visually-hidden">Items ordered</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="admin-table__number">
              Boxes
            </th>
            <th scope="col" className="admin-table__number">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.productId}>
              <th scope="row">{item.name}</th>
              <td className="admin-table__number">{item.quantity}</td>
              <td className="admin-table__number">{formatMoney(item.price)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Quote
            </th>
            <td className="admin-table__number">{formatMoney(order.total)}</td>
          </tr>
        </tfoot>
      </table>

      <div className="rcv-found__actions" aria-live="polite">
        {order.received ? (
          <>
            <p
              className={justReceived ? 'rcv-success' : 'rcv-notice'}
              data-testid="received-state"
              role="status"
            >
              {justReceived ? m.receivedNow : receivedLine(order.received)}
            </p>
            <Link
              className="btn btn--primary"
              to={adminInspectionHref(order.orderId)}
              data-testid="inspect-link"
            >
              {inspectLabel}
              <span className="visually-hidden"> order {order.orderId}</span>
            </Link>
          </>
        ) : (
          <button
            type="button"
            className="btn btn--primary"
            disabled={receive.isPending || cancelled}
            onClick={() =>
              receive.mutate(order.orderId, { onSuccess: (result) => onReceived(result.alreadyReceived) })
            }
            data-testid="mark-received"
          >
            {receive.isPending && <span className="spinner spinner--inline" aria-hidden="true" />}
            {receive.isPending ? m.marking : m.markReceived}
          </button>
        )}
        <Link to={adminOrderHref(order.orderId)} className="rcv-link">
          Open order details
        </Link>
      </div>
      {receive.isError && (
        <p className="rcv-error" role="alert">
          {isApiError(receive.error) && receive.error.status < 500
            ? receive.error.message
            : 'Failed to mark received. Please try again.'}
        </p>
      )}
    </section>
  );
}

const TODAY_COLUMNS: ReadonlyArray<Column<TodayBox>> = [
  {
    key: 'order',
    header: 'Order',
    rowHeader: true,
    cell: (box) => <Link to={adminInspectionHref(box.orderId)}>#{box.orderId}</Link>,
  },
  { key: 'seller', header: 'Seller', cell: (box) => box.customerName },
  {
    key: 'at',
    header: 'Received',
    cell: (box) => (
      <time dateTime={box.receivedAt} className="admin-table__nowrap">
        {formatDateTime(box.receivedAt)}
      </time>
    ),
  },
  { key: 'by', header: 'By', className: 'list-cell__break', cell: (box) => box.receivedBy ?? '—' },
  {
    key: 'inspection',
    header: 'Inspection',
    cell: (box) => (
      <Link to={adminInspectionHref(box.orderId)}>
        {box.inspected ? m.reinspect : m.inspect}
        <span className="visually-hidden"> order {box.orderId}</span>
      </Link>
    ),
  },
];

function ReceivedTodayList() {
  const today = useReceivedToday();
  return (
    <section className="card rcv-today" aria-labelledby="rcv-today-title">
      <h2 id="rcv-today-title" className="rcv-section-title">
        {m.todayTitle}
      </h2>
      {today.isPending ? (
        <LoadingState message="Loading today's boxes..." />
      ) : today.isError ? (
        <div className="rcv-error" role="alert">
          <p>Failed to load today's boxes.</p>
          <button type="button" className="btn btn--secondary" onClick={() => void today.refetch()}>
            Try Again
          </button>
        </div>
      ) : today.data.boxes.length === 0 ? (
        <p className="rcv-muted">{m.todayEmpty}</p>
      ) : (
        <div data-testid="received-today">
          <DataTable
            rows={today.data.boxes}
            rowKey={(box) => box.orderId}
            columns={TODAY_COLUMNS}
            caption={m.todayTitle}
          />
        </div>
      )}
    </section>
  );
}

/**
 * `/admin/receiving`: the packing table. One field takes what a scanner types (the label's tracking number,
 * then Enter) or an order number; the order found shows with Mark Received; today's boxes are listed under it.
 * Focus stays in the field, its text selected, so the next scan replaces it.
 */
export function ReceivingPage() {
  usePageTitle(paths.adminReceiving.title);
  const [typed, setTyped] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [justReceived, setJustReceived] = useState<string | null>(null);
  const [camera] = useState(canScanWithCamera);
  const inputRef = useRef<HTMLInputElement>(null);
  const find = useFindReceivedOrder(code);

  const backToField = () => {
    inputRef.current?.focus();
    inputRef.current?.select();
  };

  // A finished lookup puts the field ready for the next scan.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a lookup finishes, whatever its answer.
  useEffect(() => {
    if (code && !find.isFetching) backToField();
  }, [find.isFetching, find.dataUpdatedAt, find.errorUpdatedAt]);

  const lookUp = (value: string) => {
    const next = value.trim();
    setJustReceived(null);
    if (!next) {
      setError(m.codeRequired);
      return;
    }
    if (next.length > 100) {
      setError(m.codeTooLong);
      return;
    }
    setError(undefined);
    if (next === code) void find.refetch();
    else setCode(next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    lookUp(typed);
  };

  const notFound = isApiError(find.error) && find.error.status === 404;
  const refused = isApiError(find.error) && find.error.status === 400 ? find.error.message : undefined;

  return (
    <div className="admin-page rcv">
      <header className="admin-page__header">
        <h1 className="admin-page__title">{m.title}</h1>
      </header>

      <section className="card rcv-scan" aria-label="Find a box">
        <form className="rcv-scan__form" onSubmit={onSubmit} noValidate>
          <TextField
            ref={inputRef}
            label={m.scanLabel}
            hint={m.scanHint}
            error={error ?? refused}
            className="rcv-scan__field"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoFocus
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={200}
            data-testid="scan-code"
          />
          <div className="rcv-scan__buttons">
            <button type="submit" className="btn btn--primary" disabled={find.isFetching}>
              {find.isFetching && <span className="spinner spinner--inline" aria-hidden="true" />}
              {find.isFetching ? m.finding : m.find}
            </button>
            {camera && (
              <CameraScan
                onCode={(scanned) => {
                  setTyped(scanned);
                  lookUp(scanned);
                }}
              />
            )}
          </div>
        </form>
        <div aria-live="polite" className="rcv-scan__result">
          {code && notFound && !find.isFetching && (
            <p className="rcv-error" data-testid="unknown-code">
              {m.unknownCode(code)}
            </p>
          )}
          {code && find.isError && !notFound && !refused && !find.isFetching && (
            <p className="rcv-error">Failed to look up the code. Please try again.</p>
          )}
          {find.data && !find.isError && (
            <p className="visually-hidden">
              Found order {find.data.orderId} from {find.data.customer.name}
            </p>
          )}
        </div>
      </section>

      {find.data && !find.isError && (
        <FoundOrder
          key={find.data.orderId}
          order={find.data}
          justReceived={justReceived === find.data.orderId}
          onReceived={(already) => {
            setJustReceived(already ? null : (find.data?.orderId ?? null));
            backToField();
          }}
        />
      )}

      <ReceivedTodayList />
    </div>
  );
}
