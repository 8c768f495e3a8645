import { ZAdminCustomerListQuery } from '../schemas/admin-customer-list';
import {
  activePanelFilters,
  clearCustomerFilters,
  customerFilterErrors,
  readCustomerListParams,
  toAdminCustomerListQuery,
  updateCustomerListSearch,
} from './admin-customer-filters';

const read = (qs: string) => readCustomerListParams(new URLSearchParams(qs));

describe('customers list address', () => {
  it('reads defaults, and falls back from a stale page, page size or option', () => {
    expect(read('page=0&pageSize=7&inactive=13&fields=bogus')).toMatchObject({
      q: '',
      fields: ['name', 'email', 'phone'],
      inactive: '',
      page: 1,
      pageSize: 10,
    });
    expect(read('fields=phone,name').fields).toEqual(['name', 'phone']);
  });

  it('writes short addresses and goes back to page 1 on any filter change', () => {
    const start = new URLSearchParams('page=3&pageSize=25&q=ann');
    const next = updateCustomerListSearch(start, { minOrders: '2', fields: ['email'] });
    expect(next.toString()).toBe('pageSize=25&q=ann&minOrders=2&fields=email');
    expect(updateCustomerListSearch(next, { page: 2 }).get('page')).toBe('2');
    expect(updateCustomerListSearch(next, { fields: ['name', 'email', 'phone'] }).has('fields')).toBe(false);
    expect(updateCustomerListSearch(next, { pageSize: 10 }).has('pageSize')).toBe(false);
  });

  it('drops a custom number of days when a preset is chosen, and clears everything but the page size', () => {
    const custom = new URLSearchParams('inactive=custom&inactiveDays=17&pageSize=50&q=x&fields=name');
    expect(updateCustomerListSearch(custom, { inactive: '90' }).has('inactiveDays')).toBe(false);
    expect(clearCustomerFilters(custom).toString()).toBe('pageSize=50');
  });

  it('counts the panel filters that are on', () => {
    expect(
      activePanelFilters(read('minOrders=1&lastFrom=2026-01-01&inactive=custom&inactiveDays=9&q=x')),
    ).toBe(3);
  });
});

describe('customers list query', () => {
  it('turns the address into a query the API schema accepts, days as whole-day instants', () => {
    const query = toAdminCustomerListQuery(
      read(
        'q=lee&fields=name&minOrders=1&maxAmount=20.5&firstFrom=2026-03-01&lastTo=2026-03-02&inactive=180',
      ),
    );
    const parsed = ZAdminCustomerListQuery.parse(query);
    expect(parsed).toMatchObject({
      q: 'lee',
      fields: ['name'],
      minOrders: 1,
      maxAmount: 20.5,
      inactiveDays: 180,
    });
    expect(new Date(parsed.firstOrderFrom!).getHours()).toBe(0);
    const end = new Date(parsed.lastOrderTo!);
    expect([end.getDate(), end.getHours(), end.getMinutes(), end.getSeconds()]).toEqual([2, 23, 59, 59]);
    expect(query.fields).toBe('name');
    expect(toAdminCustomerListQuery(read('')).fields).toBeUndefined();
  });

  it('sends a custom number of days, and a malformed day as typed so the server names it', () => {
    expect(toAdminCustomerListQuery(read('inactive=custom&inactiveDays=17')).inactiveDays).toBe('17');
    expect(toAdminCustomerListQuery(read('inactive=custom')).inactiveDays).toBeUndefined();
    expect(toAdminCustomerListQuery(read('lastFrom=2026-02-30')).lastOrderFrom).toBe('2026-02-30');
  });

  it('maps server field messages to the controls', () => {
    expect(customerFilterErrors({ lastOrderFrom: 'bad', inactiveDays: 'days', other: 'x' })).toEqual({
      lastFrom: 'bad',
      inactiveDays: 'days',
    });
  });
});
