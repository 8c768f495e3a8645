import { adminGetPayoutOverview } from '@shared/routes/admin-get-payout-overview';
import type { PayoutOverview } from '@shared/schemas/receiving';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { payoutOverviewKey } from './query-keys';

/** The last 30 days' acceptance rate, value not accepted by reason and median days to paid. */
export const usePayoutOverview = () =>
  useQuery({
    queryKey: payoutOverviewKey,
    queryFn: ({ signal }): Promise<PayoutOverview> => apiRequest(adminGetPayoutOverview, { signal }),
  });
