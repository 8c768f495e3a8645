import { formatShortDay } from '@shared/rules/date-format';
import { formatMoney } from '@shared/rules/money';
import type { Dashboard } from '@shared/schemas/dashboard';
import { compactMoney, labelledDays, scaleFor } from './chart-scale';
import './daily-chart.css';

type Day = Dashboard['daily'][number];

/** Where a value sits on an axis, as a percentage of its height from the top. */
const fromTop = (value: number, max: number) => 100 - (value / max) * 100;

/**
 * Orders received (bars, left axis) and amount paid (line, right axis) per day for the last 30 days, drawn as
 * SVG with the page: a canvas library here was the dashboard's longest task (its own set-up and first draw;
 * docs/performance.md, "Web: the dashboard's chart"). The bars and the line are drawn in a 1-unit-per-day box stretched to the
 * width; the labels are HTML, so they keep their size. Hidden from assistive technology: the same numbers are in
 * a table that screen readers read instead.
 */
function Plot({ days }: { days: Day[] }) {
  const n = days.length;
  const orders = scaleFor(Math.max(0, ...days.map((d) => d.ordersReceived)), 4, 4, true);
  const paid = scaleFor(Math.max(0, ...days.map((d) => d.amountPaid)), 100);
  const x = (i: number) => ((i + 0.5) / n) * 100;
  const line = days.map((d, i) => `${i + 0.5},${fromTop(d.amountPaid, paid.max)}`).join(' ');
  return (
    <div className="daily-chart" data-testid="daily-chart" aria-hidden="true">
      <div className="daily-chart__axis daily-chart__axis--left">
        {orders.ticks.map((t) => (
          <span key={t} style={{ top: `${fromTop(t, orders.max)}%` }}>
            {t}
          </span>
        ))}
      </div>
      <div className="daily-chart__plot">
        <svg viewBox={`0 0 ${n} 100`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
          {orders.ticks.map((t) => (
            <line
              key={t}
              className="daily-chart__grid"
              x1={0}
              x2={n}
              y1={fromTop(t, orders.max)}
              y2={fromTop(t, orders.max)}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {days.map((d, i) => (
            <rect
              key={d.date}
              className="daily-chart__bar"
              x={i + 0.2}
              width={0.6}
              y={fromTop(d.ordersReceived, orders.max)}
              height={(d.ordersReceived / orders.max) * 100}
            />
          ))}
          <polyline className="daily-chart__line" points={line} vectorEffect="non-scaling-stroke" />
        </svg>
        {/* Round dots need a box that is not stretched: positioned in percentages instead. */}
        <svg aria-hidden="true" focusable="false">
          {days.map((d, i) => (
            <circle
              key={d.date}
              className="daily-chart__point"
              cx={`${x(i)}%`}
              cy={`${fromTop(d.amountPaid, paid.max)}%`}
              r={2.5}
            />
          ))}
        </svg>
      </div>
      <div className="daily-chart__axis daily-chart__axis--right">
        {paid.ticks.map((t) => (
          <span key={t} style={{ top: `${fromTop(t, paid.max)}%` }}>
            {compactMoney(t)}
          </span>
        ))}
      </div>
      <div className="daily-chart__days">
        {labelledDays(n, 3).map((i) => (
          // Every third day's date; a phone shows every sixth.
          <span
            key={i}
            className={(n - 1 - i) % 6 === 0 ? undefined : 'daily-chart__day--minor'}
            style={{ left: `${x(i)}%` }}
          >
            {formatShortDay(days[i].date)}
          </span>
        ))}
      </div>
    </div>
  );
}

/** The card: its title, the legend with the month's totals, the chart and the table it stands for. */
export function DailyChart({ days }: { days: Day[] }) {
  const first = days[0];
  const last = days[days.length - 1];
  const totals = days.reduce(
    (sum, d) => ({ orders: sum.orders + d.ordersReceived, paid: sum.paid + d.amountPaid }),
    { orders: 0, paid: 0 },
  );

  return (
    <section className="admin-card admin-chart" aria-labelledby="daily-chart-title">
      <div className="admin-card__header">
        <h2 id="daily-chart-title" className="admin-card__title">
          Last 30 days
        </h2>
        <ul className="admin-chart__legend">
          <li>
            <span className="admin-chart__swatch admin-chart__swatch--orders" aria-hidden="true" />
            Orders received: {totals.orders}
          </li>
          <li>
            <span className="admin-chart__swatch admin-chart__swatch--paid" aria-hidden="true" />
            Amount paid: {formatMoney(totals.paid)}
          </li>
        </ul>
      </div>
      {days.length > 0 && <Plot days={days} />}
      {/* Hidden on a wrapper: a table ignores the 1 px width and would widen the page on a phone. */}
      <div className="visually-hidden">
        <table>
          <caption>
            Orders received and amount paid per day
            {first && last
              ? `, ${formatShortDay(first.date, true)} to ${formatShortDay(last.date, true)}`
              : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Orders received</th>
              <th scope="col">Amount paid</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{formatShortDay(d.date, true)}</th>
                <td>{d.ordersReceived}</td>
                <td>{formatMoney(d.amountPaid)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
