/** Characters whose order in en collation is their code points' order once lower-cased: space, digits, letters. */
const plain = (c: string | undefined) =>
  c === undefined || c === ' ' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z');
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

let collator: Intl.Collator | undefined;

/**
 * `a.localeCompare(b, 'en')`, without building a collator where the answer is plain: the first call of
 * localeCompare loads ICU's collation data, inside the catalogue's first render (docs/performance.md, "Web: Intl"). For printable
 * ASCII whose first difference, ignoring case, is between spaces, digits, letters or an end of text, the order is
 * that of the lower-cased code points, and on a tie lower case comes first; anything else (punctuation, accents)
 * goes to Intl.Collator. A test holds the two together.
 */
export function compareText(a: string, b: string): number {
  if (PRINTABLE_ASCII.test(a) && PRINTABLE_ASCII.test(b)) {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    let i = 0;
    while (i < x.length && i < y.length && x[i] === y[i]) i++;
    if (x === y) {
      let j = 0;
      while (j < a.length && a[j] === b[j]) j++;
      if (j === a.length) return 0;
      return a[j] === x[j] ? -1 : 1;
    }
    if (plain(x[i]) && plain(y[i]))
      return x[i] === undefined ? -1 : y[i] === undefined ? 1 : x[i] < y[i] ? -1 : 1;
  }
  collator ??= new Intl.Collator('en');
  return collator.compare(a, b);
}

/**
 * Code-unit order, no collation: for text a machine wrote (ISO 8601 times written alike, ids, field names),
 * where the order only has to be stable and no locale data need be loaded.
 */
export const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** ISO 8601 times written alike ('2026-11-26T17:55:00.000Z') sort as their characters do: newest first. */
export const newestFirst = (a: string, b: string): number => byCodeUnits(b, a);
