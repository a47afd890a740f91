import { describe, expect, it } from 'vitest';
import { anchoredScrollTop, indexOfSeq, rowWindow } from '../../../ui/state/virtualWindow';

describe('virtualized timeline window', () => {
  it('renders the rows in view plus the overscan, clamped to the list', () => {
    // 18 px rows, a 90 px viewport scrolled to row 100: rows 100–104 visible.
    expect(rowWindow(1800, 90, 18, 10_000, 20)).toEqual({ start: 80, end: 125 });
    expect(rowWindow(0, 90, 18, 10_000, 20)).toEqual({ start: 0, end: 25 });
    expect(rowWindow(0, 90, 18, 7, 20)).toEqual({ start: 0, end: 7 });
    // Scrolled past the end (the list shrank): an empty window at the end, never negative.
    expect(rowWindow(50_000, 90, 18, 100, 5)).toEqual({ start: 100, end: 100 });
    expect(rowWindow(0, 90, 18, 0, 20)).toEqual({ start: 0, end: 0 });
  });

  it('a hidden list (no height) still renders the overscan, and bad inputs read as zero', () => {
    expect(rowWindow(0, 0, 18, 1000, 20)).toEqual({ start: 0, end: 20 });
    expect(rowWindow(Number.NaN, Number.POSITIVE_INFINITY, 18, 1000, 2)).toEqual({ start: 0, end: 2 });
  });

  it('finds an entry by sequence number in a newest-first list', () => {
    const entries = [9, 7, 4, 3, 1].map((seq) => ({ seq }));
    expect(entries.map((e) => indexOfSeq(entries, e.seq))).toEqual([0, 1, 2, 3, 4]);
    expect(indexOfSeq(entries, 5)).toBe(-1);
    expect(indexOfSeq([], 1)).toBe(-1);
  });

  it('keeps the row being read in place when rows arrive above it', () => {
    const before = [10, 9, 8, 7].map((seq) => ({ seq }));
    const after = [14, 13, 12, 11, 10, 9, 8, 7].map((seq) => ({ seq }));
    // Reading row 2 (seq 8), 5 px into it.
    expect(anchoredScrollTop(before, 8, 5, 18)).toBe(2 * 18 + 5);
    expect(anchoredScrollTop(after, 8, 5, 18)).toBe(6 * 18 + 5);
    expect(anchoredScrollTop(after, 3, 0, 18)).toBeNull();
  });
});
