import { adminTicketMessages as m } from '@shared/messages';
import {
  TICKET_FIELD_OPTIONS,
  TICKET_STATUS_OPTIONS,
  TICKET_TAG_TABS,
  type TicketListParams,
  type TicketListPatch,
} from '@shared/rules/admin-ticket-filters';
import { type FormEvent, useEffect, useState } from 'react';
import { Field, SelectField } from '../../../components/form/field';
import { SearchIcon } from '../../../components/icons';

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
  const [query, setQuery] = useState(params.q);
  // The address changed elsewhere (Clear, Back): the box shows what the list is searching for.
  useEffect(() => setQuery(params.q), [params.q]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update({ q: query.trim() });
  };

  return (
    <div className="tickets-toolbar">
      <fieldset className="tickets-tabs">
        <legend className="visually-hidden">Ticket tag</legend>
        {TICKET_TAG_TABS.map((tab) => (
          <button
            key={tab.value}
            type="button"
            className="tickets-tab"
            aria-pressed={params.tag === tab.value}
            onClick={() => update({ tag: tab.value })}
          >
            {tab.label}
          </button>
        ))}
      </fieldset>

      <search>
        <form className="tickets-search" onSubmit={onSubmit}>
          <Field label="Search tickets" layout="compact" className="tickets-field tickets-field--query">
            {(control) => (
              <div className="tickets-search__box">
                <SearchIcon size={20} className="tickets-search__icon" />
                <input
                  {...control}
                  type="search"
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                  placeholder="Words to look for"
                  autoComplete="off"
                  enterKeyHint="search"
                  maxLength={100}
                />
              </div>
            )}
          </Field>
          <SelectField
            options={TICKET_FIELD_OPTIONS}
            label={m.searchIn}
            layout="compact"
            className="tickets-field"
            value={params.field}
            onChange={(event) =>
              update({ q: query.trim(), field: event.target.value as TicketListParams['field'] })
            }
          />
          <SelectField
            options={TICKET_STATUS_OPTIONS}
            label="Status"
            layout="compact"
            className="tickets-field"
            value={params.status}
            onChange={(event) =>
              update({ q: query.trim(), status: event.target.value as TicketListParams['status'] })
            }
          />
          <div className="tickets-search__actions">
            <button type="submit" className="btn btn--primary">
              Search
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => {
                setQuery('');
                clear();
              }}
            >
              Clear
            </button>
          </div>
        </form>
      </search>
    </div>
  );
}
