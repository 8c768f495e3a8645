import { MatchMemo } from './match-memo';

describe('MatchMemo', () => {
  it('computes a key once per generation and forgets everything when the rows change', () => {
    const memo = new MatchMemo<number[]>(2);
    let runs = 0;
    const compute = () => {
      runs++;
      return [runs];
    };
    expect(memo.get('a', 1, compute)).toEqual([1]);
    expect(memo.get('a', 1, compute)).toEqual([1]);
    expect(runs).toBe(1);
    expect(memo.get('a', 2, compute)).toEqual([2]);
    expect(runs).toBe(2);
  });

  it('drops the least recently used key past its capacity', () => {
    const memo = new MatchMemo<string[]>(2);
    const seen: string[] = [];
    const of = (key: string) => () => {
      seen.push(key);
      return [key];
    };
    memo.get('a', 1, of('a'));
    memo.get('b', 1, of('b'));
    memo.get('a', 1, of('a'));
    memo.get('c', 1, of('c'));
    memo.get('a', 1, of('a'));
    memo.get('b', 1, of('b'));
    expect(seen).toEqual(['a', 'b', 'c', 'b']);
  });
});
