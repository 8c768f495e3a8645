import { receivingMessages as m } from '@shared/admin-messages';
import { formatMoney } from '@shared/rules/money';
import { usePayoutOverview } from '../api/payout-overview';

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/** The last 30 days: acceptance rate (boxes), value not accepted by reason, median days from delivery to paid. */
export function OverviewCard() {
  const overview = usePayoutOverview();
  const data = overview.data;
  return (
    <section
      className="admin-card payouts-overview"
      aria-labelledby="payouts-overview-title"
      data-testid="payouts-overview"
    >
      <h2 id="payouts-overview-title" className="admin-card__title">
        {m.overviewTitle}
      </h2>
      {overview.isPending ? (
        <p className="list-muted">Loading...</p>
      ) : overview.isError || !data ? (
        <p className="payouts-error" role="alert">
          {m.overviewLoadFailed}
        </p>
      ) : (
        <div className="payouts-overview__grid">
          <div className="payouts-stat">
            <p className="payouts-stat__label">{m.acceptanceRate}</p>
            <p className="payouts-stat__value" data-testid="acceptance-rate">
              {data.acceptanceRate === null ? m.noData : percent(data.acceptanceRate)}
            </p>
            <p className="payouts-stat__hint">
              {data.boxesAccepted} of {data.boxesReceived} boxes
            </p>
          </div>
          <div className="payouts-stat">
            <p className="payouts-stat__label">{m.medianDays}</p>
            <p className="payouts-stat__value" data-testid="median-days">
              {data.medianDaysToPaid === null ? m.noData : data.medianDaysToPaid}
            </p>
            <p className="payouts-stat__hint">
              {data.ordersPaid} order{data.ordersPaid === 1 ? '' : 's'} paid
            </p>
          </div>
          <div className="payouts-stat payouts-stat--wide">
            <p className="payouts-stat__label" id="payouts-rejected-title">
              {m.rejectedValue}
            </p>
            {data.rejectedValue.every((r) => r.value === 0) ? (
              <p className="payouts-stat__hint">{m.noData}</p>
            ) : (
              <dl className="payouts-reasons" aria-labelledby="payouts-rejected-title">
                {data.rejectedValue.map((r) => (
                  <div key={r.reason}>
                    <dt>{r.label}</dt>
                    <dd>{formatMoney(r.value)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
