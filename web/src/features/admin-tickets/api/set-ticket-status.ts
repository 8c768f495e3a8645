import type { TicketStatus } from '@shared/constants';
import { adminSetTicketStatus } from '@shared/routes/admin-set-ticket-status';
import type { AdminTicketList } from '@shared/schemas/admin-ticket-list';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminTicketKey, adminTicketsKey } from './query-keys';

/**
 * Closes or reopens one ticket. The ticket's own entry and its row in every list on hand show the answer at
 * once; then the lists refetch (a filtered one may drop the row, and the counts move).
 */
export function useSetTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketNumber, status }: { ticketNumber: string; status: TicketStatus }) =>
      apiRequest(adminSetTicketStatus, { params: { ticketNumber }, body: { status } }),
    onSuccess: ({ ticket }) => {
      queryClient.setQueryData(adminTicketKey(ticket.ticketNumber), ticket);
      queryClient.setQueriesData<AdminTicketList>({ queryKey: adminTicketsKey }, (list) =>
        list
          ? {
              ...list,
              tickets: list.tickets.map((row) =>
                row.ticketNumber === ticket.ticketNumber
                  ? { ...row, status: ticket.status, updatedAt: ticket.updatedAt }
                  : row,
              ),
            }
          : list,
      );
      return queryClient.invalidateQueries({ queryKey: adminTicketsKey });
    },
  });
}
