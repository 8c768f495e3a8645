import { SubstringIndex } from './substring-index';

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
