import type { PayoutListParams } from '@shared/rules/admin-payout-filters';

/**
 * The payouts page's query keys: every list under ['admin', 'payouts', 'list', ...] and the overview under
 * ['admin', 'payouts', 'overview'], so a payment refreshes both with one invalidation (the receiving pages
 * invalidate ['admin', 'payouts'] after an inspection). The order detail's key is the back office's shared one.
 */
export const adminPayoutsKey = ['admin', 'payouts'] as const;
export const payoutListKey = (params: PayoutListParams) => [...adminPayoutsKey, 'list', params] as const;
export const payoutOverviewKey = [...adminPayoutsKey, 'overview'] as const;
export const adminOrderKey = (orderId: string) => ['admin', 'order', orderId] as const;
export const adminOrdersKey = ['admin', 'orders'] as const;
export const adminDashboardKey = ['admin', 'dashboard'] as const;
