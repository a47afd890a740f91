/**
 * The runtime lane of one stickman's queue (DESIGN.md §7, seed phase 6a §8): what is left to run,
 * reactive insertions first, then the authored future. Pure data operations; the ActionRunner
 * machine owns it.
 *
 * A lane forgets: an item leaves it when it starts (the trace's action records and the timeline
 * keep the history, and the queue panel reads those), so a lane, and every keyframe of it, holds
 * only what is still to come, however long the run.
 *
 * Every operation is O(1) amortized, so a storm of reactions costs in proportion to its size,
 * not its square (a copy of the lane per insert made 40 rules × 50 actions take 19 s a step). Each
 * Lane value is immutable as seen through these functions — model-based tests branch from the
 * same snapshot — while the arrays behind it are shared: an append writes in place when the lane
 * owns the end of its array (no later lane has appended there) and copies otherwise.
 */
import type { ActionPayload } from '../scene/schema';

export type ReactiveMode = 'sequential' | 'takeover' | 'overlay';

export interface LaneItem {
  id: string;
  action: ActionPayload;
  origin: 'authored' | 'reactive';
}

export interface Lane {
  /** The authored queue; `authored[authoredAt]` is the next authored item. Never copied. */
  readonly authored: readonly LaneItem[];
  readonly authoredAt: number;
  /** Takeover items not started yet, the newest last: `front[frontEnd - 1]` runs first. */
  readonly front: readonly LaneItem[];
  readonly frontEnd: number;
  /** Sequential items not started yet, in arrival order: `back[backAt .. backEnd)`. */
  readonly back: readonly LaneItem[];
  readonly backAt: number;
  readonly backEnd: number;
  /** Items taken (started) from this lane so far. */
  readonly taken: number;
  /** Items that left it unstarted (stop_queue, leaving the stage) so far. */
  readonly dropped: number;
}

export const emptyLane = (items: readonly LaneItem[] = []): Lane => ({ authored: items, authoredAt: 0, front: [], frontEnd: 0, back: [], backAt: 0, backEnd: 0, taken: 0, dropped: 0 });


/** Reactive items waiting, ahead of the authored future (takeover and sequential). */
export const reactiveAhead = (lane: Lane): number => lane.frontEnd + lane.backEnd - lane.backAt;

export const pendingCount = (lane: Lane): number => reactiveAhead(lane) + lane.authored.length - lane.authoredAt;

/** The item that would start next, or null when the lane is exhausted. */
export function peekNext(lane: Lane): LaneItem | null {
  if (lane.frontEnd > 0) return lane.front[lane.frontEnd - 1];
  if (lane.backAt < lane.backEnd) return lane.back[lane.backAt];
  return lane.authored[lane.authoredAt] ?? null;
}

/** Takes the next item to run (it leaves the lane), or null and the same lane when exhausted. */
export function takeNext(lane: Lane): { lane: Lane; item: LaneItem | null } {
  const item = peekNext(lane);
  if (!item) return { lane, item: null };
  const taken = lane.taken + 1;
  // Started items are let go of once they are as many as those left (a copy of what is left, so
  // amortized O(1)): neither the lane nor a keyframe of it carries more than twice what waits.
  if (lane.frontEnd > 0) {
    const frontEnd = lane.frontEnd - 1;
    const front = lane.front.length >= 2 * frontEnd + 2 ? lane.front.slice(0, frontEnd) : lane.front;
    return { lane: { ...lane, front, frontEnd, taken }, item };
  }
  if (lane.backAt < lane.backEnd) {
    const backAt = lane.backAt + 1;
    if (backAt * 2 >= lane.backEnd) {
      return { lane: { ...lane, back: lane.back.slice(backAt, lane.backEnd), backAt: 0, backEnd: lane.backEnd - backAt, taken }, item };
    }
    return { lane: { ...lane, backAt, taken }, item };
  }
  return { lane: { ...lane, authoredAt: lane.authoredAt + 1, taken }, item };
}

/**
 * Sequential: after the current item and after earlier reactive insertions, before the rest of
 * the authored future. Takeover: at the very front (the caller cancels the current item).
 */
export function insertReactive(lane: Lane, item: LaneItem, mode: Exclude<ReactiveMode, 'overlay'>): Lane {
  if (mode === 'takeover') return { ...lane, front: appendShared(lane.front, 0, lane.frontEnd, item), frontEnd: lane.frontEnd + 1 };
  const back = appendShared(lane.back, lane.backAt, lane.backEnd, item);
  return back === lane.back ? { ...lane, backEnd: lane.backEnd + 1 } : { ...lane, back, backAt: 0, backEnd: lane.backEnd - lane.backAt + 1 };
}

/** `items[from .. end)` plus `item`: in place when nothing lies past `end`, else a copy of the live part. */
function appendShared(items: readonly LaneItem[], from: number, end: number, item: LaneItem): readonly LaneItem[] {
  if (items.length === end) {
    // Earlier lanes sharing this array end at or before `end`: the new slot is invisible to them.
    (items as LaneItem[]).push(item);
    return items;
  }
  const copy = items.slice(from, end);
  copy.push(item);
  return copy;
}

/** Every item still to run, in order (for inspection and tests; the runner never needs the list). */
export function pendingItems(lane: Lane): LaneItem[] {
  const out: LaneItem[] = [];
  for (let i = lane.frontEnd - 1; i >= 0; i -= 1) out.push(lane.front[i]);
  for (let i = lane.backAt; i < lane.backEnd; i += 1) out.push(lane.back[i]);
  for (let i = lane.authoredAt; i < lane.authored.length; i += 1) out.push(lane.authored[i]);
  return out;
}

/** Nothing left to run (stop_queue, leaving the stage): the lane forgets what was waiting. */
export const dropPending = (lane: Lane): Lane => ({ ...emptyLane(), taken: lane.taken, dropped: lane.dropped + pendingCount(lane) });
