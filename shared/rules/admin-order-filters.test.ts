import { DIRECT_DEPOSIT } from '../constants.js';
import { ZAdminOrderListQuery } from '../schemas/admin-order-list.js';
import {
  clearOrderFilters,
  effectiveStatus,
  endOfDayInstant,
  filterErrors,
  hasActiveFilters,
  paymentMethodFilterOptions,
  paymentMethodLabel,
  quickFilterStart,
  readOrderListParams,
  startOfDayInstant,
  toAdminOrderListQuery,
  toggleQuickFilter,
  updateOrderListSearch,
} from './admin-order-filters.js';
import { pageItems, showingLine } from './paging.js';

const sp = (value: string) => new URLSearchParams(value);
const NOW = new Date('2026-11-23T12:00:00.000Z');

describe('readOrderListParams', () => {
  it('reads every filter, trimmed, with defaults for what is missing', () => {
    const params = readOrderListParams(
      sp(
        'q=+ann+&status=pending&shipmentStatus=shipped&paymentMethod=paypal&from=2026-11-01&to=2026-11-20&minAmount=10&maxAmount=99.5&page=3&pageSize=25',
      ),
    );
    expect(params).toEqual({
      q: 'ann',
      status: 'pending',
      shipmentStatus: 'shipped',
      paymentMethod: 'paypal',
      from: '2026-11-01',
      to: '2026-11-20',
      minAmount: '10',
      maxAmount: '99.5',
      quick: null,
      page: 3,
      pageSize: 25,
    });
    expect(readOrderListParams(sp(''))).toMatchObject({ q: '', quick: null, page: 1, pageSize: 10 });
  });

  it('falls back to page 1 and 10 per page for values the list cannot show, and ignores unknown quick filters', () => {
    for (const bad of ['page=0', 'page=-2', 'page=1.5', 'page=abc', 'page=99999999']) {
      expect(readOrderListParams(sp(bad)).page).toBe(1);
    }
    for (const bad of ['pageSize=7', 'pageSize=abc', 'pageSize=1000']) {
      expect(readOrderListParams(sp(bad)).pageSize).toBe(10);
    }
    expect(readOrderListParams(sp('quick=shipped')).quick).toBeNull();
    expect(readOrderListParams(sp('quick=constructor')).quick).toBeNull();
    expect(readOrderListParams(sp('quick=processing')).quick).toBe('processing');
  });

  it('keeps a filter value as typed so the server can say what is wrong with it', () => {
    expect(readOrderListParams(sp('minAmount=abc&status=bogus'))).toMatchObject({
      minAmount: 'abc',
      status: 'bogus',
    });
  });
});

describe('updateOrderListSearch', () => {
  it('sets and removes values and goes back to page 1 when a filter changes', () => {
    const next = updateOrderListSearch(sp('q=ann&page=4&pageSize=25'), { status: 'pending', q: '' });
    expect(next.toString()).toBe('pageSize=25&status=pending');
  });

  it('changes only the page when only the page changes; page 1 leaves the address', () => {
    expect(updateOrderListSearch(sp('q=ann'), { page: 3 }).toString()).toBe('q=ann&page=3');
    expect(updateOrderListSearch(sp('q=ann&page=3'), { page: 1 }).toString()).toBe('q=ann');
  });

  it('goes back to page 1 on a page size change; the default size leaves the address', () => {
    expect(updateOrderListSearch(sp('page=3'), { pageSize: 50 }).toString()).toBe('pageSize=50');
    expect(updateOrderListSearch(sp('pageSize=50&page=2'), { pageSize: 10 }).toString()).toBe('');
  });

  it('ends a quick filter when a status or a start day is chosen by hand, but not for other filters', () => {
    expect(updateOrderListSearch(sp('quick=pending'), { status: 'completed' }).toString()).toBe(
      'status=completed',
    );
    expect(updateOrderListSearch(sp('quick=pending'), { from: '2026-11-01' }).toString()).toBe(
      'from=2026-11-01',
    );
    expect(updateOrderListSearch(sp('quick=pending'), { q: 'ann' }).toString()).toBe('quick=pending&q=ann');
  });

  it('does not change the address it was given', () => {
    const current = sp('q=ann');
    updateOrderListSearch(current, { q: 'bob' });
    expect(current.toString()).toBe('q=ann');
  });
});

describe('quick filters', () => {
  it('toggle on (replacing the status and the start day), and off again', () => {
    const on = toggleQuickFilter(
      sp('status=completed&from=2026-01-01&to=2026-12-31&q=ann&page=2'),
      'pending',
    );
    expect(on.toString()).toBe('to=2026-12-31&q=ann&quick=pending');
    const switched = toggleQuickFilter(on, 'processing');
    expect(switched.get('quick')).toBe('processing');
    const off = toggleQuickFilter(switched, 'processing');
    expect(off.toString()).toBe('to=2026-12-31&q=ann');
  });

  it('start 24 hours (pending) and 7 days (processing) before now', () => {
    expect(quickFilterStart('pending', NOW)).toBe('2026-11-22T12:00:00.000Z');
    expect(quickFilterStart('processing', NOW)).toBe('2026-11-16T12:00:00.000Z');
  });

  it('show their status as the status filter', () => {
    expect(effectiveStatus(readOrderListParams(sp('quick=processing')))).toBe('processing');
    expect(effectiveStatus(readOrderListParams(sp('status=cancelled')))).toBe('cancelled');
  });
});

describe('day boundaries in the browser time zone', () => {
  it('run from 00:00:00.000 of the first day to 23:59:59.999 of the last, local time', () => {
    const start = new Date(startOfDayInstant('2026-03-05')!);
    expect([start.getFullYear(), start.getMonth(), start.getDate()]).toEqual([2026, 2, 5]);
    expect([start.getHours(), start.getMinutes(), start.getSeconds(), start.getMilliseconds()]).toEqual([
      0, 0, 0, 0,
    ]);
    const end = new Date(endOfDayInstant('2026-03-05')!);
    expect([end.getFullYear(), end.getMonth(), end.getDate()]).toEqual([2026, 2, 5]);
    expect([end.getHours(), end.getMinutes(), end.getSeconds(), end.getMilliseconds()]).toEqual([
      23, 59, 59, 999,
    ]);
    // The instants match what the local clock constructor gives for that day, whatever zone this runs in.
    expect(startOfDayInstant('2026-03-05')).toBe(new Date(2026, 2, 5).toISOString());
    expect(endOfDayInstant('2026-03-05')).toBe(new Date(2026, 2, 5, 23, 59, 59, 999).toISOString());
  });

  it('refuse text that is not a calendar day', () => {
    for (const bad of ['', '2026-02-30', '2026-13-01', '26-01-01', '2026-1-5', 'yesterday']) {
      expect(startOfDayInstant(bad)).toBeNull();
      expect(endOfDayInstant(bad)).toBeNull();
    }
    expect(startOfDayInstant('2028-02-29')).not.toBeNull();
  });
});

describe('toAdminOrderListQuery', () => {
  it('maps every filter to the API query, which the shared schema accepts', () => {
    const params = readOrderListParams(
      sp(
        'q=ann&status=pending&shipmentStatus=shipped&paymentMethod=paypal&from=2026-11-01&to=2026-11-20&minAmount=10&maxAmount=99.5&page=2&pageSize=25',
      ),
    );
    const query = toAdminOrderListQuery(params, NOW);
    expect(query).toEqual({
      q: 'ann',
      status: 'pending',
      shipmentStatus: 'shipped',
      paymentMethod: 'paypal',
      createdFrom: new Date(2026, 10, 1).toISOString(),
      createdTo: new Date(2026, 10, 20, 23, 59, 59, 999).toISOString(),
      minAmount: '10',
      maxAmount: '99.5',
      page: '2',
      pageSize: '25',
    });
    const parsed = ZAdminOrderListQuery.parse(query);
    expect(parsed).toMatchObject({ page: 2, pageSize: 25, minAmount: 10, maxAmount: 99.5 });
  });

  it('sends only page and page size when nothing is filtered', () => {
    expect(toAdminOrderListQuery(readOrderListParams(sp('')), NOW)).toEqual({ page: '1', pageSize: '10' });
  });

  it('computes a quick filter window at request time, with its status', () => {
    const params = readOrderListParams(sp('quick=pending&status=completed&from=2020-01-01'));
    expect(toAdminOrderListQuery(params, NOW)).toMatchObject({
      status: 'pending',
      createdFrom: '2026-11-22T12:00:00.000Z',
    });
    const later = new Date(NOW.getTime() + 3_600_000);
    expect(toAdminOrderListQuery(params, later).createdFrom).toBe('2026-11-22T13:00:00.000Z');
    expect(toAdminOrderListQuery(readOrderListParams(sp('quick=processing')), NOW)).toMatchObject({
      status: 'processing',
      createdFrom: '2026-11-16T12:00:00.000Z',
    });
  });

  it('passes a day that is not a day on as typed, so the server refuses it with its message', () => {
    const query = toAdminOrderListQuery(readOrderListParams(sp('from=2026-02-30&to=soon')), NOW);
    expect(query).toMatchObject({ createdFrom: '2026-02-30', createdTo: 'soon' });
    const result = ZAdminOrderListQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['createdFrom', 'createdTo']);
  });
});

describe('filterErrors', () => {
  it('puts each server field message next to the control it concerns', () => {
    expect(
      filterErrors({
        createdFrom: 'Please enter a valid date',
        createdTo: 'Please enter a valid date',
        minAmount: 'Amount must be a number',
        pageSize: 'Page size must be 10, 25, 50 or 100',
        unrelated: 'x',
      }),
    ).toEqual({
      from: 'Please enter a valid date',
      to: 'Please enter a valid date',
      minAmount: 'Amount must be a number',
    });
  });
});

describe('hasActiveFilters and clearOrderFilters', () => {
  it('see any filter, and clear all of them but the page size', () => {
    expect(hasActiveFilters(readOrderListParams(sp('pageSize=25&page=2')))).toBe(false);
    expect(hasActiveFilters(readOrderListParams(sp('quick=pending')))).toBe(true);
    expect(hasActiveFilters(readOrderListParams(sp('maxAmount=5')))).toBe(true);
    const cleared = clearOrderFilters(
      sp('q=a&status=pending&quick=pending&from=2026-01-01&page=3&pageSize=50'),
    );
    expect(cleared.toString()).toBe('pageSize=50');
  });
});

describe('payment method options', () => {
  it('list payout methods, then the other logged methods, then Direct Deposit, each value once', () => {
    const options = paymentMethodFilterOptions();
    const values = options.map((o) => o.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values.slice(0, 3)).toEqual(['check', 'cashapp', 'paypal']);
    expect(values).toEqual(expect.arrayContaining(['achWire', 'usdtTrc20', 'btc', 'usdt', DIRECT_DEPOSIT]));
    expect(values.at(-1)).toBe(DIRECT_DEPOSIT);
    expect(paymentMethodLabel('achWire')).toBe('ACH/Wire Transfer');
    expect(paymentMethodLabel('btc')).toBe('Bitcoin (BTC)');
    expect(paymentMethodLabel('something-else')).toBe('something-else');
  });
});

describe('paging', () => {
  it('says which orders are shown, with the exact total', () => {
    expect(showingLine(1, 10, 10, 42)).toBe('Showing 1–10 of 42 orders');
    expect(showingLine(5, 10, 2, 42)).toBe('Showing 41–42 of 42 orders');
    expect(showingLine(1, 25, 1, 1)).toBe('Showing 1–1 of 1 order');
    expect(showingLine(1, 10, 0, 0)).toBeNull();
  });

  it('offers first, last and the neighbours of the current page, with gaps', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 5)).toEqual([1, 2, 'gap', 5]);
    expect(pageItems(4, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
  });
});
