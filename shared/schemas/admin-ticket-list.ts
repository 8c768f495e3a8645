import * as z from 'zod/mini';
import {
  DEFAULT_TICKET_PAGE_SIZE,
  TICKET_PAGE_SIZES,
  TICKET_SEARCH_FIELDS,
  TICKET_STATUS_FILTERS,
  TICKET_TAG_FILTERS,
} from '../constants.js';
import { adminTicketMessages as m } from '../messages.js';
import { ZAdminTicketRow } from './admin-ticket.js';
import { pageParam, pageSizeParam } from './common.js';

/** A choice among `values` ('all' first, the default when absent). */
const choice = <const T extends readonly ['all', ...string[]]>(values: T, message: string) =>
  z._default(z.enum(values, message), 'all' as T[number]);

/**
 * GET /api/admin/tickets: tag, search (`q` split on whitespace, any word contained in the `field` chosen, or in
 * any field for 'all'), status, and one page, newest first.
 */
export const ZAdminTicketListQuery = z.object({
  tag: choice(TICKET_TAG_FILTERS, m.invalidTag),
  q: z._default(z.string().check(z.trim(), z.maxLength(100, m.searchTooLong)), ''),
  field: choice(TICKET_SEARCH_FIELDS, m.invalidField),
  status: choice(TICKET_STATUS_FILTERS, m.invalidStatus),
  page: pageParam(m.invalidPage),
  pageSize: pageSizeParam(TICKET_PAGE_SIZES, DEFAULT_TICKET_PAGE_SIZE, m.invalidPageSize),
});
export type AdminTicketListQuery = z.infer<typeof ZAdminTicketListQuery>;
export type AdminTicketListQueryInput = z.input<typeof ZAdminTicketListQuery>;

export const ZAdminTicketList = z.object({
  tickets: z.array(ZAdminTicketRow),
  /** Exact number of tickets matching the tag, search and status. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** 'Total Tickets: N': every ticket, from the ticket counters. */
  totalTickets: z.number(),
});
export type AdminTicketList = z.infer<typeof ZAdminTicketList>;
