/**
 * The velocity a grab lets go with (issue 8): the cursor's speed over its last few steps.
 *
 * The cursor reaches the stage once per browser frame, and a slow frame runs several steps at
 * once (core/stepsPerFrame: up to 8), so the cursor's per-step history holds plateaus: the
 * same point for each step of a frame, then a jump. Two cases would lose a fling:
 * - the let-go arriving in the same frame as the last move: that move counts, as the position
 *   of the let-go's step;
 * - a window that starts inside a plateau: it reaches back to where the plateau began, so a jump
 *   is divided by the steps it really took, not by the few of them inside the window.
 * With the cursor moving every step (a fast machine, a test) neither applies and the velocity is
 * the plain average over the window.
 */
import type { Vec2 } from './vec';
import { MAX_STEPS_PER_FRAME } from '../stepsPerFrame';

/** Steps the let-go velocity is averaged over (when the cursor moves every step). */
export const LET_GO_WINDOW_STEPS = 4;
/**
 * How many per-step cursor positions a grab keeps for its let-go: the window, and as far back as
 * a window may reach to the start of a plateau (the most steps one frame runs).
 */
export const LET_GO_TRAIL_LENGTH = LET_GO_WINDOW_STEPS + MAX_STEPS_PER_FRAME + 1;

/**
 * `trail`: the cursor's position at each of the last steps, oldest first (the last is the step
 * before the let-go); `cursor`: where it is at the let-go. Stage px per second.
 */
export function letGoVelocity(trail: readonly Readonly<Vec2>[], cursor: Readonly<Vec2>, stepSeconds: number): Vec2 {
  if (trail.length === 0) return [0, 0];
  const tail = trail[trail.length - 1];
  const movedNow = cursor[0] !== tail[0] || cursor[1] !== tail[1];
  const points = movedNow ? [...trail, cursor] : trail;
  const end = points.length - 1;
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
