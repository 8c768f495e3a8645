import { formatShortDay } from '@shared/rules/date-format';
import { formatMoney } from '@shared/rules/money';
import type { Dashboard } from '@shared/schemas/dashboard';
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

type Day = Dashboard['daily'][number];

// The design tokens' primary and accent: both at least 3:1 against the white card, as graphics must be.
const ORDERS_COLOUR = '#0b5cad';
const PAID_COLOUR = '#0f766e';
const AXIS_COLOUR = '#475a70';
const GRID_COLOUR = '#e3eaf2';
const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

const compactMoney = (value: number): string =>
  Math.abs(value) >= 1000 ? `$${(value / 1000).toFixed(value % 1000 === 0 ? 0 : 1)}k` : `$${value}`;

const chartHeight = (width: number) => (width < 480 ? 220 : 280);

/** `UPlot`: the library, downloaded with the chart (its bar paths are built from it). */
function options(UPlot: typeof uPlot, days: Day[], width: number): uPlot.Options {
  // Days arrive as UTC dates ('2026-11-23'): labelled in UTC so no viewer sees them shifted by a day.
  const labels = days.map((d) => formatShortDay(d.date));
  const axis = {
    stroke: AXIS_COLOUR,
    font: FONT,
    grid: { stroke: GRID_COLOUR, width: 1 },
    ticks: { show: false },
  };
  return {
    width,
    height: chartHeight(width),
    legend: { show: false },
    cursor: { show: false },
    padding: [12, 4, 0, 4],
    scales: {
      x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
      orders: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
      paid: { range: (_u, _min, max) => [0, Math.max(100, max * 1.15)] },
    },
    axes: [
      {
        ...axis,
        grid: { show: false },
        size: 30,
        space: 56,
        incrs: [1, 2, 3, 5, 7, 10, 15],
        values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
      },
      {
        ...axis,
        scale: 'orders',
        size: 40,
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500],
        values: (_u, splits) => splits.map((v) => String(v)),
      },
      {
        ...axis,
        scale: 'paid',
        side: 1,
        size: 56,
        grid: { show: false },
        values: (_u, splits) => splits.map(compactMoney),
      },
    ],
    series: [
      {},
      {
        label: 'Orders received',
        scale: 'orders',
        stroke: ORDERS_COLOUR,
        fill: 'rgba(11, 92, 173, 0.75)',
        width: 0,
        paths: UPlot.paths.bars?.({ size: [0.6, 28] }),
        points: { show: false },
      },
      {
        label: 'Amount paid',
        scale: 'paid',
        stroke: PAID_COLOUR,
        width: 2.5,
        points: { show: true, size: 5, fill: PAID_COLOUR },
      },
    ],
  };
}

const toData = (days: Day[]): uPlot.AlignedData => [
  days.map((_, i) => i),
  days.map((d) => d.ordersReceived),
  days.map((d) => d.amountPaid),
];

/**
 * Orders received (bars) and amount paid (line) per day for the last 30 days. The canvas is hidden from
 * assistive technology; the same numbers are in a table that screen readers read instead.
 */
export function DailyChart({ days }: { days: Day[] }) {
  const container = useRef<HTMLDivElement>(null);

  // Rebuilt when the days change (their labels live in the axis options); resized with its container. uPlot
  // downloads with the chart, not with the dashboard's first render; the first width comes from the observer,
  // after layout (reading clientWidth here would force a layout of the page being built).
  useEffect(() => {
    const element = container.current;
    if (!element || days.length === 0) return;
    let plot: uPlot | null = null;
    let width = 0;
    let gone = false;
    const observer = new ResizeObserver(([entry]) => {
      width = Math.floor(entry?.contentRect.width ?? 0);
      if (plot && width > 0 && (width !== plot.width || chartHeight(width) !== plot.height))
        plot.setSize({ width, height: chartHeight(width) });
    });
    observer.observe(element);
    // A failed download leaves the canvas empty: the legend's totals and the table still carry the figures.
    import('uplot')
      .then(async ({ default: UPlot }) => {
        // A task of its own: the library's evaluation and the chart's first draw in one were the dashboard's
        // longest task (35-50 ms here, before any throttling).
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (!gone) plot = new UPlot(options(UPlot, days, width || 600), toData(days), element);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      observer.disconnect();
      plot?.destroy();
    };
  }, [days]);

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
      <div ref={container} className="admin-chart__canvas" aria-hidden="true" data-testid="daily-chart" />
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
