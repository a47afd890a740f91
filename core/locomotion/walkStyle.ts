/**
 * The walk's body language on top of the footwork: the hip bob, the forward lean and the arms
 * swinging from the shoulder. All rig-local (+X forward, +Y down) and scaled by how much of the
 * walk is in the pose (`blend`, 0 idle .. 1 walking), so a walk eases in and out.
 */
import { hypot, type Vec2 } from '../geometry/vec';
import type { MarkerPose } from '../rig/markers';
import type { RigProportions } from '../rig/proportions';
import { ARM_SWING_ANGLE, ELBOW_BACK_FLEX, ELBOW_FORWARD_FLEX, HIP_BOB_LOW_PHASE, HIP_BOB_PER_STRIDE, STRIDE_LEG_LENGTHS } from './constants';
import { sameNumber } from './sameNumber';
import type { WalkCycle } from './walkCycle';

/**
 * Downward pelvis offset at full blend, px. `stepTravel` is how far the root has moved since the
 * last touchdown: half a stride per step, lowest just after touchdown (legs spread), highest as
 * the body passes over the standing foot.
 */
export function hipBob(cycle: WalkCycle, stepTravel: number): number {
  const phase = Math.min(1, Math.max(0, stepTravel / (cycle.stride / 2)));
  const depth = HIP_BOB_PER_STRIDE * cycle.stride;
  return depth * (0.5 + 0.5 * Math.cos(2 * Math.PI * (phase - HIP_BOB_LOW_PHASE)));
}

/** An arm as a shoulder angle (from hanging straight down, + forward) and an elbow bend (+ forearm forward). */
export interface ArmAngles {
  shoulder: number;
  elbow: number;
}

/**
 * The arm angles that put the hand at `hand` from the shoulder, elbow pointing back (the IK's
 * ELBOW_BEND side): the inverse of `handFromAngles`. Out-of-reach hands are taken at full reach.
 */
export function armAnglesOf(hand: Readonly<Vec2>, shoulder: Readonly<Vec2>, p: RigProportions): ArmAngles {
  const dx = hand[0] - shoulder[0];
  const dy = hand[1] - shoulder[1];
  const max = p.upperArm + p.lowerArm;
  const min = Math.abs(p.upperArm - p.lowerArm) + 1e-6;
  const d = Math.min(max, Math.max(min, hypot(dx, dy)));
  const towardHand = Math.atan2(dx, dy);
  // Law of cosines: the upper arm turns back from the shoulder→hand line by `open`.
  const open = Math.acos(Math.min(1, Math.max(-1, (p.upperArm * p.upperArm + d * d - p.lowerArm * p.lowerArm) / (2 * p.upperArm * d))));
  const inner = Math.acos(Math.min(1, Math.max(-1, (p.upperArm * p.upperArm + p.lowerArm * p.lowerArm - d * d) / (2 * p.upperArm * p.lowerArm))));
  return { shoulder: towardHand - open, elbow: Math.PI - inner };
}

export function handFromAngles(shoulder: Readonly<Vec2>, a: ArmAngles, p: RigProportions): Vec2 {
  return [handX(shoulder[0], a.shoulder, a.elbow, p), handY(shoulder[1], a.shoulder, a.elbow, p)];
}

/** X of `handFromAngles` for a shoulder at x, the arm at these angles. */
export function handX(x: number, shoulder: number, elbow: number, p: RigProportions): number {
  return x + p.upperArm * Math.sin(shoulder) + p.lowerArm * Math.sin(shoulder + elbow);
}

/** Y of `handFromAngles` for a shoulder at y, the arm at these angles. */
export function handY(y: number, shoulder: number, elbow: number, p: RigProportions): number {
  return y + p.upperArm * Math.cos(shoulder) + p.lowerArm * Math.cos(shoulder + elbow);
}

/**
 * The arm of a walking stickman. Walking, both arms swing about one `neutral` (the mean of the two
 * arms at rest, so the swing is even front and back); `swing` −1 (hand back) .. +1 (hand forward)
 * turns the whole arm at the shoulder, scaled by how long the stride is against the default one,
 * and the elbow bends more as the arm comes forward. `blend` 0 gives the arm at rest.
 */
export function swingArm(rest: ArmAngles, neutral: ArmAngles, swing: number, blend: number, cycle: Readonly<WalkCycle>, p: RigProportions): ArmAngles {
  return { shoulder: swungShoulder(rest, neutral, swing, blend, cycle, p), elbow: swungElbow(rest, neutral, swing, blend) };
}

/** The shoulder angle of `swingArm`. */
export function swungShoulder(rest: ArmAngles, neutral: ArmAngles, swing: number, blend: number, cycle: Readonly<WalkCycle>, p: RigProportions): number {
  const strideScale = cycle.stride / ((p.upperLeg + p.lowerLeg) * STRIDE_LEG_LENGTHS);
  const s = Math.max(-1, Math.min(1, swing));
  const shoulder = neutral.shoulder + ARM_SWING_ANGLE * strideScale * s;
  return rest.shoulder + (shoulder - rest.shoulder) * blend;
}

/** The elbow bend of `swingArm`. */
export function swungElbow(rest: ArmAngles, neutral: ArmAngles, swing: number, blend: number): number {
  const s = Math.max(-1, Math.min(1, swing));
  const elbow = neutral.elbow + (s > 0 ? ELBOW_FORWARD_FLEX * s : -ELBOW_BACK_FLEX * s);
  return rest.elbow + (elbow - rest.elbow) * blend;
}

/** The mean of two arms' angles: the walk's neutral arm. */
export function meanArm(a: ArmAngles, b: ArmAngles): ArmAngles {
  return { shoulder: (a.shoulder + b.shoulder) / 2, elbow: (a.elbow + b.elbow) / 2 };
}

/** The arms of an authored pose at rest, from its shoulder, and the walk's neutral arm between them. */
export interface RestArms {
  readonly left: Readonly<ArmAngles>;
  readonly right: Readonly<ArmAngles>;
  readonly neutral: Readonly<ArmAngles>;
}

/** The last arms `restArmsOf` worked out and the values they came from. */
let cachedArms: {
  leftHandX: number; leftHandY: number; rightHandX: number; rightHandY: number; torsoX: number; torsoY: number;
  torso: number; upperArm: number; lowerArm: number; arms: RestArms;
} | null = null;

/**
 * The rest arms of the pose `base` (hands and torso markers) for these proportions: the shoulder
 * stands `p.torso` above the pelvis marker. The same every walking step, so worked out again only
 * when a value they come from differs from the last time (compared by value). Shared: read only.
 */
export function restArmsOf(base: MarkerPose, p: RigProportions): RestArms {
  const c = cachedArms;
  if (c !== null && sameNumber(c.leftHandX, base.Left_Hand[0]) && sameNumber(c.leftHandY, base.Left_Hand[1])
    && sameNumber(c.rightHandX, base.Right_Hand[0]) && sameNumber(c.rightHandY, base.Right_Hand[1]) && sameNumber(c.torsoX, base.Torso[0])
    && sameNumber(c.torsoY, base.Torso[1]) && sameNumber(c.torso, p.torso) && sameNumber(c.upperArm, p.upperArm) && sameNumber(c.lowerArm, p.lowerArm)) return c.arms;
  const shoulder: Vec2 = [base.Torso[0], base.Torso[1] - p.torso];
  const left = Object.freeze(armAnglesOf(base.Left_Hand, shoulder, p));
  const right = Object.freeze(armAnglesOf(base.Right_Hand, shoulder, p));
  const arms = Object.freeze({ left, right, neutral: Object.freeze(meanArm(left, right)) });
  cachedArms = {
    leftHandX: base.Left_Hand[0], leftHandY: base.Left_Hand[1], rightHandX: base.Right_Hand[0], rightHandY: base.Right_Hand[1],
    torsoX: base.Torso[0], torsoY: base.Torso[1], torso: p.torso, upperArm: p.upperArm, lowerArm: p.lowerArm, arms,
  };
  return arms;
}
