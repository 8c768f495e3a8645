import { receivingMessages as m } from '@shared/admin-messages';
import { REJECTION_REASON_LABELS, REJECTION_REASONS } from '@shared/rules/inspection';
import { formatMoney } from '@shared/rules/money';
import { usePayoutOverview } from '../api/payout-overview';

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;
const PENDING = '—';

/**
 * The last 30 days: acceptance rate (boxes), value not accepted by reason, median days from delivery to paid.
 * Drawn in full while it loads (dashes for the figures), so the list under it does not move when they arrive.
 */
export function OverviewCard() {
  const overview = usePayoutOverview();
  const data = overview.data;
  const rejected = new Map(data?.rejectedValue.map((r) => [r.reason, r.value]));
  return (
    <section
      className="admin-card payouts-overview"
      aria-labelledby="payouts-overview-title"
      aria-busy={overview.isPending}
      data-testid="payouts-overview"
    >
      <h2 id="payouts-overview-title" className="admin-card__title">
        {m.overviewTitle}
      </h2>
      {overview.isError && (
        <p className="payouts-error" role="alert">
          {m.overviewLoadFailed}
        </p>
      )}
      <div className="payouts-overview__grid">
        <div className="payouts-stat">
          <p className="payouts-stat__label">{m.acceptanceRate}</p>
          <p className="payouts-stat__value" data-testid="acceptance-rate">
            {!data ? PENDING : data.acceptanceRate === null ? m.noData : percent(data.acceptanceRate)}
          </p>
          <p className="payouts-stat__hint">
            {data ? `${data.boxesAccepted} of ${data.boxesReceived} boxes` : PENDING}
          </p>
        </div>
        <div className="payouts-stat">
          <p className="payouts-stat__label">{m.medianDays}</p>
          <p className="payouts-stat__value" data-testid="median-days">
            {!data ? PENDING : data.medianDaysToPaid === null ? m.noData : data.medianDaysToPaid}
          </p>
          <p className="payouts-stat__hint">
            {data ? `${data.ordersPaid} order${data.ordersPaid === 1 ? '' : 's'} paid` : PENDING}
          </p>
        </div>
        <div className="payouts-stat payouts-stat--wide">
          <p className="payouts-stat__label" id="payouts-rejected-title">
            {m.rejectedValue}
          </p>
          <dl className="payouts-reasons" aria-labelledby="payouts-rejected-title">
            {REJECTION_REASONS.map((reason) => (
              <div key={reason}>
                <dt>{REJECTION_REASON_LABELS[reason]}</dt>
                <dd>{data ? formatMoney(rejected.get(reason) ?? 0) : PENDING}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
