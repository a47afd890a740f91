/**
 * Arithmetic of a virtualized list with a fixed row height: which rows to render for a scroll
 * position, and where to scroll so the row being read stays put when rows arrive above it.
 */
export interface RowWindow {
  /** First rendered row (inclusive). */
  start: number;
  /** Last rendered row (exclusive). */
  end: number;
}

/** The rows intersecting the viewport, plus `overscan` rows either side, clamped to the list. */
export function rowWindow(scrollTop: number, viewportHeight: number, rowHeight: number, count: number, overscan: number): RowWindow {
  if (count <= 0) return { start: 0, end: 0 };
  const top = Math.max(0, Number.isFinite(scrollTop) ? scrollTop : 0);
  const height = Math.max(0, Number.isFinite(viewportHeight) ? viewportHeight : 0);
  const first = Math.floor(top / rowHeight);
  const last = Math.ceil((top + height) / rowHeight);
  const start = Math.min(count, Math.max(0, first - overscan));
  const end = Math.min(count, Math.max(start, last + overscan));
  return { start, end };
}

/** Index of the entry with sequence number `seq` in a list sorted by seq descending, or -1. */
export function indexOfSeq(entries: ReadonlyArray<{ seq: number }>, seq: number): number {
  let lo = 0;
  let hi = entries.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = entries[mid].seq;
    if (s === seq) return mid;
    if (s > seq) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * The scrollTop that keeps the row the reader was at (`anchorSeq`, `offset` px into it) in place
 * after the list changed; null when that row is gone (evicted or filtered out).
 */
export function anchoredScrollTop(entries: ReadonlyArray<{ seq: number }>, anchorSeq: number, offset: number, rowHeight: number): number | null {
  const i = indexOfSeq(entries, anchorSeq);
  return i < 0 ? null : i * rowHeight + offset;
}
