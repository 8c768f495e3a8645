import { TICKET_DETAIL_RETRY_DELAYS_MS } from '@shared/constants';
import { adminGetTicket } from '@shared/routes/admin-get-ticket';
import { type AdminTicketDetail, isTicketNumber } from '@shared/schemas/admin-ticket';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { adminTicketKey } from './query-keys';

export const TICKET_DETAIL_RETRIES = TICKET_DETAIL_RETRY_DELAYS_MS.length;

/** Answers that say nothing about the ticket and would not change by asking again. */
const isFinal = (error: unknown) => isApiError(error) && [400, 401, 403].includes(error.status);

/**
 * One ticket. When it cannot be loaded (not found, or any failure) it is asked for again 3 times, after 1, 2
 * and 3 seconds (spec 001 §4); `failureCount` says which attempt is under way. A refetch starts over.
 */
export const useAdminTicket = (ticketNumber: string) =>
  useQuery({
    queryKey: adminTicketKey(ticketNumber),
    queryFn: ({ signal }): Promise<AdminTicketDetail> =>
      apiRequest(adminGetTicket, { params: { ticketNumber }, signal }),
    enabled: isTicketNumber(ticketNumber),
    retry: (failures, error) => !isFinal(error) && failures < TICKET_DETAIL_RETRIES,
    retryDelay: (failures) => TICKET_DETAIL_RETRY_DELAYS_MS[Math.min(failures, TICKET_DETAIL_RETRIES - 1)],
  });
