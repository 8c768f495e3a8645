import { adminListPayouts } from '@shared/routes/admin-list-payouts';
import { type PayoutListParams, toPayoutListQuery } from '@shared/rules/admin-payout-filters';
import type { PayoutList } from '@shared/schemas/receiving';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { payoutListKey } from './query-keys';

/** One page of the orders waiting to be paid, oldest first; the page on screen stays while the next loads. */
export const usePayouts = (params: PayoutListParams) =>
  useQuery({
    queryKey: payoutListKey(params),
    queryFn: ({ signal }): Promise<PayoutList> =>
      apiRequest(adminListPayouts, { query: toPayoutListQuery(params), signal }),
    placeholderData: keepPreviousData,
  });
