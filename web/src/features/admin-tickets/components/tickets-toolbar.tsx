import { adminTicketMessages as m } from '@shared/messages';
import {
  TICKET_FIELD_OPTIONS,
  TICKET_STATUS_OPTIONS,
  TICKET_TAG_TABS,
  type TicketListParams,
  type TicketListPatch,
} from '@shared/rules/admin-ticket-filters';
import { ListChips, ListSearch, ListToolbar, SearchSelect } from '../../../components/list/list-toolbar';

interface TicketsToolbarProps {
  params: TicketListParams;
  update: (patch: TicketListPatch) => void;
  clear: () => void;
}

/**
 * Tag tabs, the search with 'Search in', the status filter and Clear (spec 001 §2); all in the address. The words
 * typed apply on Search, and with a change of 'Search in' or status.
 */
export function TicketsToolbar({ params, update, clear }: TicketsToolbarProps) {
  return (
    <ListToolbar>
      <ListChips
        legend="Ticket tag"
        options={TICKET_TAG_TABS}
        pressed={params.tag}
        onPress={(tag) => update({ tag })}
      />
      <ListSearch
        label="Search tickets"
        placeholder="Words to look for"
        value={params.q}
        onCommit={(q) => update({ q: q.trim() })}
        commit="submit"
        showLabel
        className="tickets-search"
        onClear={clear}
        controls={(typed) => (
          <>
            <SearchSelect
              label={m.searchIn}
              options={TICKET_FIELD_OPTIONS}
              value={params.field}
              onChange={(field) => update({ q: typed.trim(), field: field as TicketListParams['field'] })}
            />
            <SearchSelect
              label="Status"
              options={TICKET_STATUS_OPTIONS}
              value={params.status}
              onChange={(status) => update({ q: typed.trim(), status: status as TicketListParams['status'] })}
            />
          </>
        )}
      />
    </ListToolbar>
  );
}
