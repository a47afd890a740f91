/**
 * A bounded undo/redo history of immutable values (scene documents). Pure: every function
 * returns a new history and never mutates its input.
 *
 * A drag is one undo step: while it runs the present is replaced (`replace`) and at the end
 * `commitFrom(base)` records the document the drag started from as the step to undo to.
 */
export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  readonly limit: number;
}

export const DEFAULT_HISTORY_LIMIT = 200;

export function createHistory<T>(present: T, limit = DEFAULT_HISTORY_LIMIT): History<T> {
  return { past: [], present, future: [], limit: Math.max(1, Math.floor(limit)) };
}

/** `next` becomes the present; the old present can be undone to. Clears the redo list. */
export function commit<T>(h: History<T>, next: T): History<T> {
  if (next === h.present) return h;
  return commitFrom(h, h.present, next);
}

/** Like commit, but the undo step goes back to `base` (the value before a transient drag). */
export function commitFrom<T>(h: History<T>, base: T, next: T): History<T> {
  if (next === base) return { ...h, present: next };
  const past = [...h.past, base];
  if (past.length > h.limit) past.splice(0, past.length - h.limit);
  return { past, present: next, future: [], limit: h.limit };
}

/** Replaces the present without recording a step (live drag previews). */
export function replace<T>(h: History<T>, next: T): History<T> {
  return next === h.present ? h : { ...h, present: next };
}

export function undo<T>(h: History<T>): History<T> {
  if (h.past.length === 0) return h;
  const past = h.past.slice(0, -1);
  return { past, present: h.past[h.past.length - 1], future: [h.present, ...h.future].slice(0, h.limit), limit: h.limit };
}

export function redo<T>(h: History<T>): History<T> {
  if (h.future.length === 0) return h;
  const [next, ...future] = h.future;
  const past = [...h.past, h.present];
  if (past.length > h.limit) past.splice(0, past.length - h.limit);
  return { past, present: next, future, limit: h.limit };
}
