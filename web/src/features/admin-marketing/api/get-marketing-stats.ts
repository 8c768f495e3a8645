import { adminGetMarketingStats } from '@shared/routes/admin-get-marketing-stats';
import type { MarketingStats } from '@shared/schemas/admin-marketing';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { marketingStatsKey } from './query-keys';

/** The last 30 days' figures; read again each time the page opens, so a send just made shows. */
export const useMarketingStats = () =>
  useQuery({
    queryKey: marketingStatsKey,
    queryFn: ({ signal }): Promise<MarketingStats> => apiRequest(adminGetMarketingStats, { signal }),
    refetchOnMount: 'always',
  });
