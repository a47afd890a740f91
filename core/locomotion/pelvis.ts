/**
 * Pelvis placement: carried over the smoothed ground height, then dropped (at most
 * PELVIS_MAX_OFFSET) so the lower foot can still reach its foothold on slopes and stairs.
 */
import type { Vec2 } from '../geometry/vec';
import { PELVIS_MAX_OFFSET } from '../terrain/constants';
import type { RigProportions } from '../rig/proportions';
import { LEG_REACH_SLACK } from './constants';

/**
 * Extra drop needed so both feet are within reach of a pelvis at `pelvis`. `slack` is the share of
 * the leg length counted as reach: the walk keeps its knees soft (LEG_REACH_SLACK); a landing only
 * needs the feet reached (1), so on flat ground it drops nothing.
 */
export function requiredPelvisDrop(
  pelvis: Readonly<Vec2>,
  feet: ReadonlyArray<Readonly<Vec2>>,
  proportions: RigProportions,
  slack: number = LEG_REACH_SLACK,
): number {
  const reach = (proportions.upperLeg + proportions.lowerLeg) * slack;
  let need = 0;
  for (const f of feet) need = footNeed(need, f, pelvis[0], pelvis[1], reach);
  return Math.min(need, PELVIS_MAX_OFFSET);
}

/** `requiredPelvisDrop` for the two feet of a pelvis at (x, y), without the arrays around them. */
export function pelvisDropForFeet(
  x: number,
  y: number,
  left: Readonly<Vec2>,
  right: Readonly<Vec2>,
  proportions: RigProportions,
  slack: number = LEG_REACH_SLACK,
): number {
  const reach = (proportions.upperLeg + proportions.lowerLeg) * slack;
  return Math.min(footNeed(footNeed(0, left, x, y, reach), right, x, y, reach), PELVIS_MAX_OFFSET);
}

/** The drop needed so far (`need`), raised if the foot at `f` is out of reach of the pelvis at (x, y). */
function footNeed(need: number, f: Readonly<Vec2>, x: number, y: number, reach: number): number {
  const dx = f[0] - x;
  const maxDy = Math.sqrt(Math.max(0, reach * reach - dx * dx));
  const dy = f[1] - y;
  return dy > maxDy ? Math.max(need, dy - maxDy) : need;
}
