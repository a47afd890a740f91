/**
 * The hand-over from a hard landing to the grounded walk (seed 6a §7, "no marker snap"). The
 * landing ends in its own pose (torso in the stance the contacts allow, hands at their takeoff
 * capture); the grounded solver's first pose differs from it (its pelvis is carried over the
 * ground with breathing and bob, its hands swing with the feet that now stand on the contacts),
 * so the torso and hands ease from the landing's pose into the walk's over HANDOVER_DURATION
 * instead of jumping there in one step. The feet need none: the gait starts from the contacts.
 */
import type { Vec2 } from '../geometry/vec';
import type { MarkerPose } from '../rig/markers';
import type { LocomotionState } from './types';

/** How long the walk's pose takes to replace a landing's, s. */
export const HANDOVER_DURATION = 0.3;

const copy = (v: Readonly<Vec2>): Vec2 => [v[0], v[1]];

/** The landing just wrote its final pose: remember it for the grounded steps to ease out of. */
export function beginHandover(s: LocomotionState): void {
  const m = s.markers;
  s.handover = { torso: copy(m.Torso), hands: { Left_Hand: copy(m.Left_Hand), Right_Hand: copy(m.Right_Hand) }, elapsed: 0 };
}

/**
 * Eases this step's solved torso and hands (`m`, written by the grounded solver) from the
 * landing's pose: a cosine blend, 1 at the landing's end to 0 after HANDOVER_DURATION, so the
 * markers start off at the speed they had and arrive without a kink. Ends the hand-over then.
 */
export function applyHandover(s: LocomotionState, m: MarkerPose, dt: number): void {
  const h = s.handover;
  if (!h) return;
  h.elapsed += dt;
  const u = Math.min(1, h.elapsed / HANDOVER_DURATION);
  if (u >= 1) {
    s.handover = null;
    return;
  }
  const keep = 0.5 * (1 + Math.cos(Math.PI * u));
  m.Torso = eased(m.Torso, h.torso, keep);
  m.Left_Hand = eased(m.Left_Hand, h.hands.Left_Hand, keep);
  m.Right_Hand = eased(m.Right_Hand, h.hands.Right_Hand, keep);
}

/** The solved marker moved `keep` of the way back to where the landing left it. */
const eased = (solved: Readonly<Vec2>, from: Readonly<Vec2>, keep: number): Vec2 =>
  [solved[0] + (from[0] - solved[0]) * keep, solved[1] + (from[1] - solved[1]) * keep];
