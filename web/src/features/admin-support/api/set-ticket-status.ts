import type { TicketStatus } from '@shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminTicketKey, adminTicketsKey } from './query-keys';

/** Closes or reopens one ticket; afterwards the ticket shows its new status and every list refetches. */
export function useSetTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketNumber, status }: { ticketNumber: string; status: TicketStatus }) =>
      apiRequest('adminSetTicketStatus', { params: { ticketNumber }, body: { status } }),
    onSuccess: ({ ticket }) => {
      queryClient.setQueryData(adminTicketKey(ticket.ticketNumber), ticket);
      return queryClient.invalidateQueries({ queryKey: adminTicketsKey });
    },
  });
}
