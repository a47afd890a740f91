import { type Vec2, add, scale, sub, len, isFiniteVec, DIRECTION_EPSILON } from './vec';

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
  const toTarget = isFiniteVec(target) ? sub(target, base) : ([0, 0] as Vec2);
  const rawDistance = len(toTarget);
  const hasDirection = rawDistance > DIRECTION_EPSILON && Number.isFinite(rawDistance);
  const direction: Vec2 = hasDirection ? scale(toTarget, 1 / rawDistance) : [...IK_FALLBACK_DIRECTION];
  const distanceForDirection = hasDirection ? rawDistance : 0;

  const maxReach = len1 + len2;
  const minReach = Math.abs(len1 - len2);
  const reachDistance = Math.min(maxReach, Math.max(minReach, distanceForDirection));
  const reached = isFiniteVec(target) && distanceForDirection >= minReach && distanceForDirection <= maxReach;

  // Law of cosines: `along` is the joint's projection on the base→end line, `across` its offset.
  // At reachDistance == 0 (only when len1 == len2) the projection is 0 by symmetry; guarding the
  // division keeps that case finite and continuous with tiny distances.
  const along = reachDistance > 0 ? (reachDistance * reachDistance + len1 * len1 - len2 * len2) / (2 * reachDistance) : 0;
  const across = Math.sqrt(Math.max(0, len1 * len1 - along * along));
  const bendNormal: Vec2 = [direction[1] * bendSign, -direction[0] * bendSign];

  const joint = add(base, add(scale(direction, along), scale(bendNormal, across)));
  const end = reached ? [target[0], target[1]] as Vec2 : add(base, scale(direction, reachDistance));
  return { joint, end, reached };
}
