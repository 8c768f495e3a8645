import { DASHBOARD_CHART_DAYS, RECENT_ORDERS_COUNT } from '../../shared/constants.js';
import { fromCents, toCents } from '../../shared/rules/money.js';
import type { Dashboard } from '../../shared/schemas/dashboard.js';
import { type DailyStatsItem, dayOf, type OrderStatsItem } from '../lib/entities.js';
import { getDailyStats, getOrderStats, getRecentOrders } from './dashboard-repository.js';

const DAY_MS = 86_400_000;

/** The last `days` UTC days ending with `now`'s, oldest first, each present even when nothing happened. */
export function chartDays(
  stats: readonly DailyStatsItem[],
  now: Date,
  days = DASHBOARD_CHART_DAYS,
): Dashboard['daily'] {
  const byDay = new Map(stats.map((s) => [s.sk, s]));
  return Array.from({ length: days }, (_, i) => {
    const date = dayOf(new Date(now.getTime() - (days - 1 - i) * DAY_MS));
    const day = byDay.get(date);
    return {
      date,
      ordersReceived: Number(day?.orders_received ?? 0),
      amountPaid: fromCents(toCents(Number(day?.amount_paid ?? 0))),
    };
  });
}

/** Total Payments and the average over completed orders only; Inbound Shipments over all (spec 001 §9). */
export function figures(stats: OrderStatsItem | null) {
  const completed = Number(stats?.status_completed ?? 0);
  const completedTotalCents = toCents(Number(stats?.completed_total_amount ?? 0));
  return {
    totalPayments: fromCents(toCents(Number(stats?.completed_paid_amount ?? 0))),
    inboundShipments: Number(stats?.order_count ?? 0),
    averageOrderValue: completed > 0 ? fromCents(Math.round(completedTotalCents / completed)) : 0,
    completedOrders: completed,
  };
}

/** Three reads whatever the number of orders: the counters, the chart's days and the 7 newest orders. */
export async function loadDashboard(now: Date): Promise<Dashboard> {
  const firstDay = dayOf(new Date(now.getTime() - (DASHBOARD_CHART_DAYS - 1) * DAY_MS));
  const [stats, daily, recent] = await Promise.all([
    getOrderStats(),
    getDailyStats(firstDay, dayOf(now)),
    getRecentOrders(RECENT_ORDERS_COUNT),
  ]);
  return {
    ...figures(stats),
    recentOrders: recent.map((o) => ({
      orderId: o.order_id,
      createdAt: o.created_at,
      status: o.status,
      total: Number(o.total_amount ?? 0),
      customerName: `${o.customer?.firstName ?? ''} ${o.customer?.lastName ?? ''}`.trim(),
    })),
    daily: chartDays(daily, now),
  };
}
