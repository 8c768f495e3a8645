/**
 * The back office's query keys, agreed across its pages: the orders list (any filters) under
 * ['admin', 'orders', ...], one order under ['admin', 'order', orderId], the overview under ['admin', 'dashboard'].
 */
export const adminOrdersKey = ['admin', 'orders'] as const;
export const adminOrderKey = (orderId: string) => ['admin', 'order', orderId] as const;
export const adminDashboardKey = ['admin', 'dashboard'] as const;
/** Not under the order's key: refreshing the order must not cancel or refetch a label being polled. */
export const adminLabelKey = (orderId: string) => ['admin', 'label', orderId] as const;
