/**
 * The rows recent queries of a list matched, kept until the list's rows change: a page change, a return to an
 * earlier search, or several staff looking at the same filter reuse the match instead of filtering again.
 * Least recently used first out.
 */
export class MatchMemo<Match> {
  private readonly matches = new Map<string, Match>();
  private generation = -1;

  constructor(private readonly capacity = 64) {}

  /** The match for `key` over the rows of `generation`, computed once. */
  get(key: string, generation: number, compute: () => Match): Match {
    if (generation !== this.generation) {
      this.matches.clear();
      this.generation = generation;
    }
    let matched = this.matches.get(key);
    if (matched) this.matches.delete(key);
    else matched = compute();
    this.matches.set(key, matched);
    if (this.matches.size > this.capacity) this.matches.delete(this.matches.keys().next().value as string);
    return matched;
  }
}
