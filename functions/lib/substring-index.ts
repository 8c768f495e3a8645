/**
 * Case-insensitive "contains" search over one version of a list's rows, at a cost that follows the rows that
 * might match rather than the size of the list: a trigram index (each three-character run of a row's text →
 * the rows holding it, in list order) narrows a search to the rows holding the rarest trigram of the needle,
 * and only those are checked with `includes`. Needles shorter than three characters scan every row. Built on
 * the first search of a version (about 60 trigrams per row) and dropped with it.
 */
export class SubstringIndex {
  private postings: Map<string, Int32Array> | null = null;

  /** `texts[i]` is row i's search text, lower case; rows are in list order. */
  constructor(private readonly texts: readonly string[]) {}

  /** Positions (ascending, so in list order) of the rows whose text contains `needle` (lower case). */
  search(needle: string): number[] {
    const found: number[] = [];
    if (needle.length < 3) {
      for (let i = 0; i < this.texts.length; i++) if (this.texts[i].includes(needle)) found.push(i);
      return found;
    }
    const postings = this.build();
    let rarest: Int32Array | undefined;
    for (let i = 0; i + 3 <= needle.length; i++) {
      const rows = postings.get(needle.slice(i, i + 3));
      if (!rows) return found;
      if (!rarest || rows.length < rarest.length) rarest = rows;
    }
    for (const row of rarest!) if (this.texts[row].includes(needle)) found.push(row);
    return found;
  }

  private build(): Map<string, Int32Array> {
    if (this.postings) return this.postings;
    const lists = new Map<string, number[]>();
    for (let row = 0; row < this.texts.length; row++) {
      const text = this.texts[row];
      for (let i = 0; i + 3 <= text.length; i++) {
        const gram = text.slice(i, i + 3);
        let list = lists.get(gram);
        if (!list) lists.set(gram, (list = []));
        // Rows are visited in order, so a row already listed is the list's last entry.
        if (list[list.length - 1] !== row) list.push(row);
      }
    }
    this.postings = new Map([...lists].map(([gram, rows]) => [gram, Int32Array.from(rows)]));
    return this.postings;
  }
}
