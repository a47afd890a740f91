/**
 * The timeline's list items: its rows (newest first) with a heading row before each tick's rows
 * (issue 21: the rows of one tick are grouped under it). Every item has a `seq` that orders the
 * list the way the rows' sequence numbers do (descending), so the virtualized list can keep the
 * row being read in place: a heading's seq sits just above its tick's newest row.
 */
import type { TimelineEntry } from './timelineBuffer';

export type TimelineItem = { kind: 'tick'; seq: number; tick: number; t: number } | { kind: 'row'; seq: number; entry: TimelineEntry };

export function timelineItems(entries: readonly TimelineEntry[]): TimelineItem[] {
  const out: TimelineItem[] = [];
  let tick = Number.NaN;
  for (const e of entries) {
    if (e.record.tick !== tick) {
      tick = e.record.tick;
      out.push({ kind: 'tick', seq: e.seq + 0.5, tick, t: e.record.t });
    }
    out.push({ kind: 'row', seq: e.seq, entry: e });
  }
  return out;
}
