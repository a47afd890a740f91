/**
 * The velocity a grab lets go with (issue 8): the cursor's speed over its last few steps.
 *
 * The cursor reaches the stage once per browser frame, and a slow frame runs several steps at
 * once (core/stepsPerFrame: up to 8), so the cursor's per-step history holds plateaus: the
 * same point for each step of a frame, then a jump. Three cases would lose a fling:
 * - the let-go arriving in the same frame as the last move: that move counts, as the position
 *   of the let-go's step;
 * - the let-go arriving in the frame after the last move: a browser hands pointer moves over once
 *   a frame but a button's release at once, so a release a moment after the last move lands in
 *   the next frame, one frame's steps later, and the cursor looks still for those steps. A last
 *   plateau no longer than one frame (MAX_STEPS_PER_FRAME steps) is that frame: the window ends
 *   where it began, at the last move. Held still longer, the cursor had stopped: nothing is thrown;
 * - a window that starts inside a plateau: it reaches back to where the plateau began, so a jump
 *   is divided by the steps it really took, not by the few of them inside the window.
 * With the cursor moving every step (a fast machine, a test) none applies and the velocity is the
 * plain average over the window.
 */
import type { Vec2 } from './vec';
import { MAX_STEPS_PER_FRAME } from '../stepsPerFrame';

/** Steps the let-go velocity is averaged over (when the cursor moves every step). */
export const LET_GO_WINDOW_STEPS = 4;
/**
 * How many per-step cursor positions a grab keeps for its let-go: the last frame's plateau, the
 * window before it, and as far back as a window may reach to the start of a plateau (the most
 * steps one frame runs, each).
 */
export const LET_GO_TRAIL_LENGTH = LET_GO_WINDOW_STEPS + 2 * MAX_STEPS_PER_FRAME + 1;

/** A step of the grab: the cursor's point joins its trail, which keeps the last LET_GO_TRAIL_LENGTH. */
export function extendTrail(trail: Vec2[], cursor: Readonly<Vec2>): void {
  trail.push([cursor[0], cursor[1]]);
  if (trail.length > LET_GO_TRAIL_LENGTH) trail.shift();
}

/**
 * `trail`: the cursor's position at each of the last steps, oldest first (the last is the step
 * before the let-go); `cursor`: where it is at the let-go. Stage px per second.
 */
export function letGoVelocity(trail: readonly Readonly<Vec2>[], cursor: Readonly<Vec2>, stepSeconds: number): Vec2 {
  if (trail.length === 0) return [0, 0];
  const tail = trail[trail.length - 1];
  const movedNow = cursor[0] !== tail[0] || cursor[1] !== tail[1];
  const points = movedNow ? [...trail, cursor] : trail;
  let end = points.length - 1;
  if (!movedNow) {
    // Still since the last move: for one frame at most, the release came with that frame's end.
    let moved = end;
    while (moved > 0 && samePoint(points[moved - 1], points[moved])) moved -= 1;
    if (moved > 0 && end - moved < MAX_STEPS_PER_FRAME) end = moved;
  }
  let start = Math.max(0, end - LET_GO_WINDOW_STEPS);
  const earliest = Math.max(0, end - LET_GO_WINDOW_STEPS - MAX_STEPS_PER_FRAME);
  while (start > earliest && samePoint(points[start - 1], points[start])) start -= 1;
  const span = (end - start) * stepSeconds;
  if (!(span > 0)) return [0, 0];
  return [(points[end][0] - points[start][0]) / span, (points[end][1] - points[start][1]) / span];
}

function samePoint(a: Readonly<Vec2>, b: Readonly<Vec2>): boolean {
  return a[0] === b[0] && a[1] === b[1];
}
