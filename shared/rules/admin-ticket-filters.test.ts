import { adminTicketMessages } from '../messages';
import { ZAdminTicketListQuery } from '../schemas/admin-ticket-list';
import {
  clearTicketSearch,
  emptyTicketsText,
  readTicketListParams,
  toAdminTicketListQuery,
  updateTicketListSearch,
} from './admin-ticket-filters';

const read = (s: string) => readTicketListParams(new URLSearchParams(s));
const update = (s: string, patch: Parameters<typeof updateTicketListSearch>[1]) =>
  updateTicketListSearch(new URLSearchParams(s), patch).toString();

describe('tickets list address', () => {
  it('reads the address, falling back to defaults for unknown values', () => {
    expect(read('')).toEqual({ tag: 'all', q: '', field: 'all', status: 'all', page: 1, pageSize: 25 });
    expect(read('tag=lead&q=%20label%20&field=email&status=closed&page=3&pageSize=100')).toEqual({
      tag: 'lead',
      q: 'label',
      field: 'email',
      status: 'closed',
      page: 3,
      pageSize: 100,
    });
    expect(read('tag=x&field=customer_name&status=pending&page=-1&pageSize=7')).toEqual(read(''));
  });

  it('writes only what differs from the defaults, and goes back to page 1 on any change but the page', () => {
    expect(update('page=4', { status: 'open' })).toBe('status=open');
    expect(update('status=open', { status: 'all' })).toBe('');
    expect(update('q=ann', { page: 2 })).toBe('q=ann&page=2');
    expect(update('q=ann&page=2', { page: 1 })).toBe('q=ann');
    expect(update('page=2', { pageSize: 50 })).toBe('pageSize=50');
    expect(update('tag=lead', { tag: 'all' })).toBe('');
  });

  it('Clear resets query, status and field, keeping the tag tab and page size', () => {
    const cleared = clearTicketSearch(
      new URLSearchParams('tag=lead&q=ann&field=name&status=closed&page=3&pageSize=50'),
    );
    expect(cleared.toString()).toBe('tag=lead&pageSize=50');
  });

  it('turns the address into a query the API accepts', () => {
    const params = read('tag=support&q=ann&field=phone&status=open&page=2&pageSize=50');
    expect(ZAdminTicketListQuery.parse(toAdminTicketListQuery(params))).toEqual(params);
    expect(ZAdminTicketListQuery.parse(toAdminTicketListQuery(read('')))).toEqual(read(''));
  });

  it('names the empty list after the tab', () => {
    expect(emptyTicketsText('all', adminTicketMessages)).toBe('No support tickets found.');
    expect(emptyTicketsText('lead', adminTicketMessages)).toBe('No lead tickets found.');
  });
});
