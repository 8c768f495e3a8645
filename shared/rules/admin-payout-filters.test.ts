import { readPayoutListParams, toPayoutListQuery, updatePayoutListSearch } from './admin-payout-filters';

const read = (qs: string) => readPayoutListParams(new URLSearchParams(qs));

describe('the payouts list in the address', () => {
  test('reads the search and page, unknown values falling back to their defaults', () => {
    expect(read('')).toEqual({ q: '', page: 1, pageSize: 25 });
    expect(read('q=%20ann%20&page=3&pageSize=50')).toEqual({ q: 'ann', page: 3, pageSize: 50 });
    expect(read('page=0&pageSize=30')).toEqual({ q: '', page: 1, pageSize: 25 });
    expect(read('page=x')).toEqual({ q: '', page: 1, pageSize: 25 });
  });

  test('a new search or page size goes back to page 1; defaults are left out', () => {
    const at = new URLSearchParams('q=ann&page=3');
    expect(updatePayoutListSearch(at, { q: 'bob' }).toString()).toBe('q=bob');
    expect(updatePayoutListSearch(at, { q: '' }).toString()).toBe('');
    expect(updatePayoutListSearch(at, { pageSize: 100 }).toString()).toBe('q=ann&pageSize=100');
    expect(updatePayoutListSearch(at, { pageSize: 25 }).toString()).toBe('q=ann');
    expect(updatePayoutListSearch(at, { page: 4 }).toString()).toBe('q=ann&page=4');
    expect(updatePayoutListSearch(at, { page: 1 }).toString()).toBe('q=ann');
  });

  test('the API query', () => {
    expect(toPayoutListQuery(read('page=2'))).toEqual({ page: 2, pageSize: 25 });
    expect(toPayoutListQuery(read('q=C7K2M9Q&pageSize=100'))).toEqual({
      q: 'C7K2M9Q',
      page: 1,
      pageSize: 100,
    });
  });
});
