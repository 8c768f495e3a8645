import { ChangeCache } from './change-cache';

interface Row {
  id: string;
  updated_at: string;
  last: string;
  deleted?: boolean;
}

/** A table whose reads answer the rows changed after `since`, oldest change first, as the index does. */
function table(rows: Row[]) {
  const reads: Array<string | null> = [];
  return {
    rows,
    reads,
    read: async function* (since: string | null) {
      reads.push(since);
      const changed = rows
        .filter((r) => since === null || r.updated_at > since)
        .sort((a, b) => (a.updated_at < b.updated_at ? -1 : 1));
      for (const r of changed) yield { ...r };
    },
  };
}

const cacheOf = (t: ReturnType<typeof table>) =>
  new ChangeCache<Row, Row>({
    readSince: t.read,
    idOf: (r) => r.id,
    changedAt: (r) => r.updated_at,
    isDeleted: (r) => !!r.deleted,
    toEntry: (r) => r,
    sortKey: (r) => `${r.last}#${r.id}`,
  });

const ids = (cache: ChangeCache<Row, Row>) => cache.rows.map((r) => r.id);
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

describe('ChangeCache', () => {
  it('loads everything once, sorted by the descending sort key, then reads only recent changes', async () => {
    const t = table([
      { id: 'a', updated_at: at(1), last: at(1) },
      { id: 'b', updated_at: at(2), last: at(5) },
      { id: 'c', updated_at: at(3), last: at(3) },
    ]);
    const cache = cacheOf(t);
    await cache.refresh();
    expect(ids(cache)).toEqual(['b', 'c', 'a']);
    await cache.refresh();
    expect(t.reads[0]).toBeNull();
    expect(t.reads[1]).not.toBeNull();
  });

  it('moves an item whose sort key changed, and drops a soft-deleted one', async () => {
    const t = table([
      { id: 'a', updated_at: at(1), last: at(1) },
      { id: 'b', updated_at: at(2), last: at(2) },
      { id: 'c', updated_at: at(3), last: at(3) },
    ]);
    const cache = cacheOf(t);
    await cache.refresh();
    const before = cache.generation;
    const later = new Date(Date.now() + 60_000).toISOString();
    t.rows[0] = { id: 'a', updated_at: later, last: later };
    t.rows[2] = { id: 'c', updated_at: later, last: at(3), deleted: true };
    await cache.refresh();
    expect(ids(cache)).toEqual(['a', 'b']);
    expect(cache.size).toBe(2);
    expect(cache.generation).toBeGreaterThan(before);
  });

  it('ignores a change older than the one it holds, without a new generation', async () => {
    const t = table([{ id: 'a', updated_at: at(5), last: at(5) }]);
    const cache = cacheOf(t);
    await cache.refresh();
    const generation = cache.generation;
    await cache.refresh();
    expect(cache.generation).toBe(generation);
  });

  it('sorts a bulk load the same as one-by-one placement', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      id: `r${i}`,
      updated_at: at(i % 50),
      last: at((i * 7919) % 1000),
    }));
    const cache = cacheOf(table(rows));
    await cache.refresh();
    const expected = [...rows]
      .sort((a, b) => (`${a.last}#${a.id}` < `${b.last}#${b.id}` ? 1 : -1))
      .map((r) => r.id);
    expect(ids(cache)).toEqual(expected);
  });

  it('with revisions, keeps the higher revision even when its updated_at is older', async () => {
    interface Rev extends Row {
      revision: number;
    }
    const rows: Rev[] = [{ id: 'a', updated_at: at(5), last: at(5), revision: 1 }];
    const t = table(rows);
    const cache = new ChangeCache<Rev, Rev>({
      readSince: t.read as (since: string | null) => AsyncIterable<Rev>,
      idOf: (r) => r.id,
      changedAt: (r) => r.updated_at,
      revision: (r) => r.revision,
      toEntry: (r) => r,
      sortKey: (r) => `${r.last}#${r.id}`,
    });
    await cache.refresh();
    // A second write stamped earlier committed later: its updated_at is older, its revision higher.
    const stampedEarlier = new Date(Date.now() - 1000).toISOString();
    rows[0] = { id: 'a', updated_at: stampedEarlier, last: stampedEarlier, revision: 2 };
    await cache.refresh();
    expect(cache.rows[0].revision).toBe(2);
    // The lower revision arriving late changes nothing.
    rows[0] = { id: 'a', updated_at: new Date().toISOString(), last: at(9), revision: 1 };
    await cache.refresh();
    expect(cache.rows[0].revision).toBe(2);
  });
});
