/**
 * The runtime lane of one stickman's queue (DESIGN.md §7, seed phase 6a §8): the authored items
 * plus reactive insertions, with a cursor. Pure data operations; the ActionRunner machine owns it.
 */
import type { ActionPayload } from '../scene/schema';

export type ReactiveMode = 'sequential' | 'takeover' | 'overlay';

export interface LaneItem {
  id: string;
  action: ActionPayload;
  origin: 'authored' | 'reactive';
}

export interface Lane {
  items: LaneItem[];
  /** Index of the next item to start. */
  cursor: number;
  /** Reactive items already inserted at the cursor and not started yet (sequential order). */
  reactiveAhead: number;
}

export const emptyLane = (items: LaneItem[] = []): Lane => ({ items, cursor: 0, reactiveAhead: 0 });

/** Takes the next item to run, or null when the lane is exhausted. */
export function takeNext(lane: Lane): { lane: Lane; item: LaneItem | null } {
  const item = lane.items[lane.cursor] ?? null;
  if (!item) return { lane, item: null };
  return { lane: { ...lane, cursor: lane.cursor + 1, reactiveAhead: Math.max(0, lane.reactiveAhead - 1) }, item };
}

/**
 * Sequential: after the current item and after earlier sequential insertions, before the rest
 * of the authored future. Takeover: at the very front (the caller cancels the current item).
 */
export function insertReactive(lane: Lane, item: LaneItem, mode: Exclude<ReactiveMode, 'overlay'>): Lane {
  const at = mode === 'takeover' ? lane.cursor : lane.cursor + lane.reactiveAhead;
  const items = [...lane.items.slice(0, at), item, ...lane.items.slice(at)];
  return { items, cursor: lane.cursor, reactiveAhead: lane.reactiveAhead + 1 };
}

export const pendingCount = (lane: Lane): number => lane.items.length - lane.cursor;
