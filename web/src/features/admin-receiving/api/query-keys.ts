/**
 * The receiving pages' query keys: a found code under ['admin', 'receiving', 'find', code], one order as the
 * inspection form needs it under ['admin', 'receiving', 'order', orderId], today's boxes under
 * ['admin', 'receiving', 'today']. The order detail's key (['admin', 'order', orderId]), the orders list's and
 * the payouts' are the back office's shared ones: a change here makes them read again.
 */
export const receivingKey = ['admin', 'receiving'] as const;
export const findKey = (code: string) => [...receivingKey, 'find', code] as const;
export const receivedOrderKey = (orderId: string) => [...receivingKey, 'order', orderId] as const;
export const receivedTodayKey = [...receivingKey, 'today'] as const;
export const adminOrderKey = (orderId: string) => ['admin', 'order', orderId] as const;
export const adminOrdersKey = ['admin', 'orders'] as const;
export const adminPayoutsKey = ['admin', 'payouts'] as const;
