import * as z from 'zod/mini';

/**
 * The marketing page's figures for the last 30 days (spec 001 §2, §9), read from the daily message counters
 * in one query whatever the volume. Rates are percentages (0 to 100, one decimal); 0 when nothing was sent.
 */
export const ZMarketingStats = z.object({
  days: z.number(),
  smsSent: z.number(),
  smsDelivered: z.number(),
  smsFailed: z.number(),
  smsSuccessRate: z.number(),
  emailsSent: z.number(),
  emailsFailed: z.number(),
  emailsBounced: z.number(),
  emailSuccessRate: z.number(),
});
export type MarketingStats = z.infer<typeof ZMarketingStats>;
