import { createTicket as createTicketRoute } from '@shared/routes/create-ticket';
import type { ContactForm, TicketCreated } from '@shared/schemas/ticket';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const createTicket = (body: ContactForm): Promise<TicketCreated> =>
  apiRequest(createTicketRoute, { body });

/** One ticket per press: never retried, a retry after a lost answer would open a second ticket. */
export const useCreateTicket = () => useMutation({ mutationFn: createTicket });
