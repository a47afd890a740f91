import { type Vec2, isFiniteVec, DIRECTION_EPSILON, hypot } from './vec';

/**
 * Which side of the base→target line the middle joint goes to.
 *
 * Let d = unit(target − base) and n = (d.y, −d.x), i.e. d turned a quarter turn so that a
 * straight-down d = (0, 1) gives n = (+1, 0). The joint is placed on the n side for
 * bendSign = +1 and on the −n side for −1. Equivalently, cross(d, joint − base) < 0 for +1.
 *
 * In rig-local space (+X forward, +Y down) a limb hanging down therefore bends its joint forward
 * with +1 (knees) and backward with −1 (elbows). Mirroring X flips the handedness, so the same
 * anatomical side in a mirrored frame is the opposite sign — which is why the solver runs in
 * rig-local space and mirroring is applied afterwards.
 */
export type BendSign = 1 | -1;
export const KNEE_BEND: BendSign = 1;
export const ELBOW_BEND: BendSign = -1;

/**
 * Direction used when the target gives none (target on the base, or non-finite): straight down,
 * so a degenerate limb hangs rather than pointing somewhere arbitrary.
 */
export const IK_FALLBACK_DIRECTION: Vec2 = [0, 1];

export interface TwoBoneSolution {
  /** Middle joint (knee / elbow). */
  joint: Vec2;
  /** Far end (foot / hand); equals the target when reached. */
  end: Vec2;
  /** False when the target was outside [|len1 − len2|, len1 + len2] and the end was clamped. */
  reached: boolean;
}

/**
 * Analytic two-bone IK in any frame. Always returns finite points with |joint − base| = len1 and
 * |end − joint| = len2 (for finite inputs).
 *
 * - Beyond reach, the chain lies straight along base→target. The analytic solution reaches that
 *   same straight chain as the distance approaches len1 + len2, so there is no snap at the
 *   boundary (the joint still moves like a square root there, the inherent cost of exact IK).
 * - Inside the minimum reach |len1 − len2| the chain is folded at minimum reach along the target
 *   direction; with no direction at all it uses IK_FALLBACK_DIRECTION.
 */
export function solveTwoBone(base: Vec2, target: Vec2, len1: number, len2: number, bendSign: BendSign): TwoBoneSolution {
  const out = [0, 0, 0, 0];
  const reached = solveTwoBoneInto(out, 0, base[0], base[1], target, len1, len2, bendSign);
  return { joint: [out[0], out[1]], end: [out[2], out[3]], reached };
}

/**
 * `solveTwoBone` writing joint x, y and end x, y into `out` from `at` on, without allocating (the
 * pose solve runs four a rig a step): the same arithmetic, term for term. Returns `reached`.
 */
export function solveTwoBoneInto(out: { [i: number]: number }, at: number, baseX: number, baseY: number, target: Vec2, len1: number, len2: number, bendSign: BendSign): boolean {
  const targetFinite = isFiniteVec(target);
  const toX = targetFinite ? target[0] - baseX : 0;
  const toY = targetFinite ? target[1] - baseY : 0;
  const rawDistance = hypot(toX, toY);
  const hasDirection = rawDistance > DIRECTION_EPSILON && Number.isFinite(rawDistance);
  const inverse = 1 / rawDistance;
  const dirX = hasDirection ? toX * inverse : IK_FALLBACK_DIRECTION[0];
  const dirY = hasDirection ? toY * inverse : IK_FALLBACK_DIRECTION[1];
  const distanceForDirection = hasDirection ? rawDistance : 0;

  const maxReach = len1 + len2;
  const minReach = Math.abs(len1 - len2);
  const reachDistance = Math.min(maxReach, Math.max(minReach, distanceForDirection));
  const reached = targetFinite && distanceForDirection >= minReach && distanceForDirection <= maxReach;

  // Law of cosines: `along` is the joint's projection on the base→end line, `across` its offset.
  // At reachDistance == 0 (only when len1 == len2) the projection is 0 by symmetry; guarding the
  // division keeps that case finite and continuous with tiny distances.
  const along = reachDistance > 0 ? (reachDistance * reachDistance + len1 * len1 - len2 * len2) / (2 * reachDistance) : 0;
  const across = Math.sqrt(Math.max(0, len1 * len1 - along * along));
  const normalX = dirY * bendSign;
  const normalY = -dirX * bendSign;

  out[at] = baseX + (dirX * along + normalX * across);
  out[at + 1] = baseY + (dirY * along + normalY * across);
  out[at + 2] = reached ? target[0] : baseX + dirX * reachDistance;
  out[at + 3] = reached ? target[1] : baseY + dirY * reachDistance;
  return reached;
}
