import { ChangeCache } from './change-cache';
import { ListSearch, SubstringIndex } from './substring-index';

const TEXTS = [
  'c7k2p9\nann lee\nann.lee@example.com',
  'cx11aa\nbob smith\nbob@smith.org',
  'c7zz00\ncara smith\ncara@x.io',
];

describe('SubstringIndex', () => {
  it('finds every row containing the needle, in list order, as a scan would', () => {
    const index = new SubstringIndex(TEXTS);
    for (const needle of ['smith', 'ann lee', 'c7', 'a', '.io', 'smith\ncara', 'nobody', 'ith', 'xyz1']) {
      const scan = TEXTS.flatMap((t, i) => (t.includes(needle) ? [i] : []));
      expect([needle, index.search(needle)]).toEqual([needle, scan]);
    }
  });

  it('agrees with a scan over many random rows and needles', () => {
    const letters = 'abcde';
    const word = (n: number) => Array.from({ length: n }, (_, i) => letters[(n * 7 + i * 13) % 5]).join('');
    const texts = Array.from({ length: 500 }, (_, i) => `${word(3 + (i % 9))} ${word(2 + (i % 5))}${i}`);
    const index = new SubstringIndex(texts);
    for (const needle of ['abc', 'cde', 'eab', '12', '4', 'bcd 1', 'dea', '499', 'zz']) {
      expect(index.search(needle)).toEqual(texts.flatMap((t, i) => (t.includes(needle) ? [i] : [])));
    }
  });

  it('lists a row once even when the needle occurs in it several times', () => {
    expect(new SubstringIndex(['smith smith smith']).search('smith')).toEqual([0]);
  });
});

describe('ListSearch', () => {
  interface Row {
    id: string;
    updated_at: string;
    text: string;
    deleted?: boolean;
  }
  const WORDS = ['smith', 'lee', 'ann', 'bob', 'quill', 'c7k', 'zz'];

  it('answers what a scan of the current rows answers, through inserts, edits, deletes and rebuilds', async () => {
    const rows = new Map<string, Row>();
    // Changes are read by time since the last refresh: write them after now.
    let clock = Date.now() + 86_400_000;
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const write = (id: string, deleted = false) => {
      clock += 1000;
      rows.set(id, {
        id,
        updated_at: new Date(clock).toISOString(),
        text: `${WORDS[random(WORDS.length)]} ${WORDS[random(WORDS.length)]} ${id}`,
        deleted,
      });
    };
    const cache = new ChangeCache<Row, Row>({
      readSince: async function* (since) {
        const changed = [...rows.values()]
          .filter((r) => since === null || r.updated_at > since)
          .sort((a, b) => (a.updated_at < b.updated_at ? -1 : 1));
        for (const r of changed) yield r;
      },
      idOf: (r) => r.id,
      changedAt: (r) => r.updated_at,
      isDeleted: (r) => !!r.deleted,
      toEntry: (r) => ({ ...r }),
      sortKey: (r) => `${r.text}#${r.id}`,
    });
    const search = new ListSearch(
      cache,
      (r) => r.text,
      (r) => `${r.text}#${r.id}`,
      30,
    );
    for (let i = 0; i < 600; i++) write(`r${i}`);
    for (let round = 0; round < 40; round++) {
      for (let k = 0; k < 1 + random(12); k++) {
        const id = `r${random(700)}`;
        write(id, rows.has(id) && random(5) === 0);
      }
      const generation = cache.generation;
      await cache.refresh();
      expect(cache.generation).toBeGreaterThan(generation);
      for (const needle of ['smith', 'lee', 'an', 'quill r1', 'c7k', 'r12', 'nobody']) {
        const expected = cache.rows.filter((r) => r.text.includes(needle)).map((r) => r.id);
        expect([round, needle, search.search(needle).map((r) => r.id)]).toEqual([round, needle, expected]);
      }
    }
  });
});
