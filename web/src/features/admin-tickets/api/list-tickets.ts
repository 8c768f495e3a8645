import { adminListTickets } from '@shared/routes/admin-list-tickets';
import { type TicketListParams, toAdminTicketListQuery } from '@shared/rules/admin-ticket-filters';
import type { AdminTicketList } from '@shared/schemas/admin-ticket-list';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminTicketListKey } from './query-keys';

/** One page of the tickets list; the page on screen stays while the next one loads. */
export const useAdminTickets = (params: TicketListParams) =>
  useQuery({
    queryKey: adminTicketListKey(params),
    queryFn: ({ signal }): Promise<AdminTicketList> =>
      apiRequest(adminListTickets, { query: toAdminTicketListQuery(params), signal }),
    placeholderData: keepPreviousData,
  });
