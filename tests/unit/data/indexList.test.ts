import { describe, expect, it } from 'vitest';
import { IndexList } from '../../../core/data/indexList';

describe('IndexList', () => {
  it('holds what was pushed since the last clear, in order, growing past its first capacity', () => {
    const list = new IndexList(2);
    for (const i of [5, 3, 9, 0, 7]) list.push(i);
    expect(list.length).toBe(5);
    expect(list.toArray()).toEqual([5, 3, 9, 0, 7]);
    expect(list.at(2)).toBe(9);
    list.clear();
    expect(list.length).toBe(0);
    expect(list.toArray()).toEqual([]);
    list.push(4);
    expect(list.toArray()).toEqual([4]);
  });

  it('refuses an entry it does not hold (a stale one left from before the clear included)', () => {
    const list = new IndexList();
    list.push(1);
    list.push(2);
    list.clear();
    list.push(3);
    expect(() => list.at(1)).toThrow(/no entry 1 of 1/);
    expect(() => list.at(-1)).toThrow(RangeError);
  });
});
