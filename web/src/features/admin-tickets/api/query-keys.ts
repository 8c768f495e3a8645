import type { TicketListParams } from '@shared/rules/admin-ticket-filters';

/**
 * The support pages' query keys: the tickets list (any filters) under ['admin', 'tickets', ...], one ticket
 * under ['admin', 'ticket', number]. A status change refreshes every list and sets the ticket's own entry.
 */
export const adminTicketsKey = ['admin', 'tickets'] as const;
export const adminTicketListKey = (params: TicketListParams) => [...adminTicketsKey, 'list', params] as const;
export const adminTicketKey = (ticketNumber: string) => ['admin', 'ticket', ticketNumber] as const;
