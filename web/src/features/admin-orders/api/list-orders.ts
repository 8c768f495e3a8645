import { adminListOrders } from '@shared/routes/admin-list-orders';
import { type OrderListParams, toAdminOrderListQuery } from '@shared/rules/admin-order-filters';
import type { AdminOrderList } from '@shared/schemas/admin-order-list';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every admin order query starts with this key: a status change invalidates all of them (lists and details). */
export const adminOrdersQueryKey = ['admin', 'orders'] as const;
/** The back office overview's counters and recent orders move when an order's status does. */
export const adminDashboardQueryKey = ['admin', 'dashboard'] as const;

export const adminOrderListQueryKey = (params: OrderListParams) =>
  [...adminOrdersQueryKey, 'list', params] as const;

/**
 * One page of the orders list. The key holds the address's values (a quick filter by name), and the quick
 * filter's window is computed when the request goes out, so a refetch later moves the window with the clock.
 * The previous page stays on screen while the next one loads.
 */
export const useAdminOrders = (params: OrderListParams) =>
  useQuery({
    queryKey: adminOrderListQueryKey(params),
    queryFn: ({ signal }): Promise<AdminOrderList> =>
      apiRequest(adminListOrders, { query: toAdminOrderListQuery(params, new Date()), signal }),
    placeholderData: keepPreviousData,
  });
