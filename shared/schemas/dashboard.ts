import * as z from 'zod/mini';

/** GET /api/admin/dashboard: counters read in one GetItem, the chart's days in one Query. */
export const ZDashboard = z.object({
  /** Sum of what was paid on completed orders. */
  totalPayments: z.number(),
  /** Every order ever received. */
  inboundShipments: z.number(),
  /** Mean total of completed orders; 0 when none. */
  averageOrderValue: z.number(),
  completedOrders: z.number(),
  recentOrders: z.array(
    z.object({
      orderId: z.string(),
      createdAt: z.string(),
      status: z.string(),
      total: z.number(),
      customerName: z.string(),
    }),
  ),
  /** The last 30 days, oldest first, each day (UTC) present even when empty. */
  daily: z.array(z.object({ date: z.string(), ordersReceived: z.number(), amountPaid: z.number() })),
});
export type Dashboard = z.infer<typeof ZDashboard>;
