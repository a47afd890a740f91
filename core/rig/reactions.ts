/**
 * Hit reactions (seed phase 4.5 "Reaction contract"): a prop hitting a body part makes the
 * part's joint flinch away from the impact, then the flinch fades linearly.
 *
 * Rotation convention (rig-local space, +Y down): a positive angle rotates +X towards +Y, i.e.
 * clockwise on screen — the sense of `rotate` in core/geometry/vec. A joint rotates about its
 * segment start and carries its children.
 *
 * Joint frame (the seed's "hanging frame"): local +Y runs along the segment, start → end; local
 * +X is the perpendicular a POSITIVE rotation moves the far end towards. With the seed's sign
 * rule (direction = sign(local x) of the push) the flinch therefore moves the hit part along
 * the push, away from the prop. The frame is built in rig-local space after undoing the facing
 * mirror, so the same holds for LEFT facing, whose world transform is a reflection.
 */
import { type Vec2, DIRECTION_EPSILON, hypot } from './vec';
import { type Facing, facingSign } from './facing';
import { PART_NAMES, partsInOrder, type PartName, type RigLocalPose, type RigPart } from './skeleton';
import { ImpactReactions, REACTION_JOINTS, reactionSlot, type ReactionJoint, type ReactionState } from './impactReactions';

export { ImpactReactions, REACTION_JOINTS, reactionSlot, type ReactionJoint, type ReactionState };

export const REACTION_BASE_ANGLE = 0.35;
export const REACTION_REFERENCE_SPEED = 400;
export const REACTION_MAX_ANGLE = 0.6;
export const REACTION_LOCAL_X_EPSILON = 0.05;

/** Below this a fading strength is float residue of the linear decay, not a flinch: erase it. */
const STRENGTH_EPSILON = 1e-9;
/** The seed's guard against a zero decay time. */
const MIN_DECAY = 0.001;

export interface ReactionTarget {
  joint: ReactionJoint;
  weight: number;
  /** Seconds for a full-strength flinch to fade to nothing. */
  decay: number;
}

/** The seed's REACTION_TARGETS: a lower limb hit also nudges its upper limb at weight 0.4. */
export const REACTION_TARGETS: Readonly<Record<PartName, ReadonlyArray<ReactionTarget>>> = Object.freeze({
  head: [{ joint: 'Head', weight: 1.0, decay: 0.5 }],
  torso: [{ joint: 'Torso', weight: 0.5, decay: 0.4 }],
  left_upper_arm: [{ joint: 'LeftUpperArm', weight: 1.0, decay: 0.4 }],
  left_lower_arm: [
    { joint: 'LeftLowerArm', weight: 1.0, decay: 0.35 },
    { joint: 'LeftUpperArm', weight: 0.4, decay: 0.25 },
  ],
  right_upper_arm: [{ joint: 'RightUpperArm', weight: 1.0, decay: 0.4 }],
  right_lower_arm: [
    { joint: 'RightLowerArm', weight: 1.0, decay: 0.35 },
    { joint: 'RightUpperArm', weight: 0.4, decay: 0.25 },
  ],
  left_upper_leg: [{ joint: 'LeftUpperLeg', weight: 1.0, decay: 0.4 }],
  left_lower_leg: [
    { joint: 'LeftLowerLeg', weight: 1.0, decay: 0.35 },
    { joint: 'LeftUpperLeg', weight: 0.4, decay: 0.25 },
  ],
  right_upper_leg: [{ joint: 'RightUpperLeg', weight: 1.0, decay: 0.4 }],
  right_lower_leg: [
    { joint: 'RightLowerLeg', weight: 1.0, decay: 0.35 },
    { joint: 'RightUpperLeg', weight: 0.4, decay: 0.25 },
  ],
});

/** Each joint's own part first (its segment is the joint's frame and pivot), then the parts it carries. */
const JOINT_CARRIES: Readonly<Record<ReactionJoint, ReadonlyArray<PartName>>> = {
  Torso: ['torso', 'head', 'left_upper_arm', 'left_lower_arm', 'right_upper_arm', 'right_lower_arm'],
  Head: ['head'],
  LeftUpperArm: ['left_upper_arm', 'left_lower_arm'],
  LeftLowerArm: ['left_lower_arm'],
  RightUpperArm: ['right_upper_arm', 'right_lower_arm'],
  RightLowerArm: ['right_lower_arm'],
  LeftUpperLeg: ['left_upper_leg', 'left_lower_leg'],
  LeftLowerLeg: ['left_lower_leg'],
  RightUpperLeg: ['right_upper_leg', 'right_lower_leg'],
  RightLowerLeg: ['right_lower_leg'],
};

/** The joints with their parts, by slot: REACTION_JOINTS lists them parents first, the order the flinches are applied in. */
const JOINT_PARTS: ReadonlyArray<readonly [ReactionJoint, ReadonlyArray<PartName>]> = REACTION_JOINTS.map((joint) => [joint, JOINT_CARRIES[joint]]);
const JOINT_SEGMENT = new Map<ReactionJoint, PartName>(JOINT_PARTS.map(([joint, parts]) => [joint, parts[0]!]));

/** A part's flinch targets with each joint's frame segment (the hot path reads no table by name twice). */
const TARGETS_BY_PART = new Map<string, ReadonlyArray<ReactionTarget & { segment: PartName; slot: number }>>(
  (Object.keys(REACTION_TARGETS) as PartName[]).map((part) => [part, REACTION_TARGETS[part].map((t) => ({ ...t, segment: JOINT_SEGMENT.get(t.joint)!, slot: reactionSlot(t.joint) }))]),
);

/** JOINT_PARTS with the parts as PART_NAMES indices, for applying flinches over an array of parts. */
const JOINT_PART_INDICES: ReadonlyArray<readonly [ReactionJoint, readonly number[]]> = JOINT_PARTS.map(([joint, parts]) => [joint, parts.map((p) => PART_NAMES.indexOf(p))]);

/**
 * The seed's sign rule, kept in one place so it is easy to tune: flinch towards the push's side
 * of the joint frame; a push (nearly) along the segment has no side, so left joints fall back
 * to −1, right joints and Head/Torso to +1.
 */
export function reactionDirectionSign(joint: ReactionJoint, localX: number): 1 | -1 {
  if (Math.abs(localX) > REACTION_LOCAL_X_EPSILON) return localX > 0 ? 1 : -1;
  return joint.startsWith('Left') ? -1 : 1;
}

/** Flinch size before direction and weight: grows with the prop's speed, capped. */
export const reactionMagnitude = (impactSpeed: number): number =>
  Math.min(REACTION_MAX_ANGLE, (REACTION_BASE_ANGLE * impactSpeed) / REACTION_REFERENCE_SPEED);

/**
 * The push's component along local +X of a segment's hanging frame, in rig-local space: +X is
 * +Y (start → end, normalized, or straight down for a degenerate segment) turned by −90°. The
 * arithmetic of `normalizeOr(sub(end, start), [0, 1])` written out, without its arrays (a few
 * hundred hits a step in a crowd).
 */
function alongFrameX(segment: RigPart, pushX: number, pushY: number): number {
  const vx = segment.end[0] - segment.start[0];
  const vy = segment.end[1] - segment.start[1];
  const length = hypot(vx, vy);
  const degenerate = !(length > DIRECTION_EPSILON) || !Number.isFinite(length);
  const alongX = degenerate ? 0 : vx / length;
  const alongY = degenerate ? 1 : vy / length;
  return pushX * -alongY + pushY * alongX;
}

/**
 * Records the flinch of a hit on `part`. `impactDirection` is the world-space push direction
 * (prop → stickman). Returns how many joint targets were accepted: 0 for an unknown part, a zero
 * or non-finite direction, or a speed that is not a positive number. Gating by rig state
 * (ANIMATED only) is the caller's job.
 */
export function addCollisionReaction(
  reactions: ImpactReactions,
  pose: RigLocalPose,
  facing: Facing,
  part: PartName,
  impactDirection: Readonly<Vec2>,
  impactSpeed: number,
): number {
  const targets = TARGETS_BY_PART.get(part);
  if (!targets) return 0;
  if (!(impactSpeed > 0) || !Number.isFinite(impactSpeed)) return 0;
  // normalize(impactDirection), written out: a zero or non-finite push has no direction.
  const l = hypot(impactDirection[0], impactDirection[1]);
  if (l === 0 || !Number.isFinite(l)) return 0;
  // World → rig-local: undo the facing mirror (a mirror is its own inverse; no translation).
  const localPushX = facingSign(facing) * (impactDirection[0] / l);
  const localPushY = impactDirection[1] / l;
  const magnitude = reactionMagnitude(impactSpeed);
  for (let i = 0; i < targets.length; i += 1) {
    const { joint, weight, decay, segment, slot } = targets[i];
    const localX = alongFrameX(pose[segment], localPushX, localPushY);
    const angle = reactionDirectionSign(joint, localX) * magnitude * weight;
    if (!reactions.isActive(slot)) {
      reactions.setAt(slot, angle, 1, decay);
      continue;
    }
    // Merge by absolute magnitude, never signed max: the stronger flinch wins, either sign.
    if (Math.abs(angle) >= Math.abs(reactions.angleAt(slot))) {
      reactions.setAngleAt(slot, angle);
      reactions.setDecayAt(slot, decay);
    }
    reactions.setStrengthAt(slot, 1);
  }
  return targets.length;
}

const clonePart = (p: RigPart): RigPart => ({ name: p.name, start: [p.start[0], p.start[1]], end: [p.end[0], p.end[1]], length: p.length });

/** Turns `point` about `pivot` in place: `add(pivot, rotate(sub(point, pivot), angle))` for a non-zero angle of cosine `c` and sine `s`, the same arithmetic without the arrays. */
function turnAbout(point: Vec2, px: number, py: number, c: number, s: number): void {
  const x = point[0] - px;
  const y = point[1] - py;
  point[0] = px + (x * c - y * s);
  point[1] = py + (x * s + y * c);
}

/**
 * Returns a new pose with every active flinch applied (angle × strength about the joint's
 * segment start, children carried, parents first), then fades each reaction by
 * dt / decay and erases the finished ones. `reactions` is updated in place; `pose` is not: the
 * parts no flinch turns are shared with it, each turned part is a copy (made on its first turn).
 */
export function applyImpactReactions(pose: RigLocalPose, reactions: ImpactReactions, dt: number): RigLocalPose {
  const parts = partsInOrder(pose, PARTS);
  turnFlinchingParts(parts, reactions, true);
  fadeReactions(reactions, dt);
  return {
    head: parts[0], torso: parts[1], left_upper_arm: parts[2], left_lower_arm: parts[3], right_upper_arm: parts[4],
    right_lower_arm: parts[5], left_upper_leg: parts[6], left_lower_leg: parts[7], right_upper_leg: parts[8], right_lower_leg: parts[9],
  };
}

/**
 * `applyImpactReactions` on a pose nobody else has seen (a solve of this very step, whose parts
 * each have their own arrays, as solvePose makes them): its turned points are moved where they
 * are, the same arithmetic, no copies.
 */
export function applyImpactReactionsInPlace(pose: RigLocalPose, reactions: ImpactReactions, dt: number): void {
  turnFlinchingParts(partsInOrder(pose, PARTS), reactions, false);
  fadeReactions(reactions, dt);
}

/** The parts of the pose being flinched (one at a time; each call fills it anew). */
const PARTS: RigPart[] = [];

/** Every active flinch turns its joint's parts, parents first; `copy`: each part is copied before its first turn. */
function turnFlinchingParts(parts: RigPart[], reactions: ImpactReactions, copy: boolean): void {
  // Bit i of `copied` says parts[i] is already this call's own copy.
  let copied = 0;
  for (let j = 0; j < JOINT_PART_INDICES.length; j += 1) {
    if (reactions.isActive(j)) copied = turnJoint(parts, JOINT_PART_INDICES[j][1], reactions.turnAt(j), copy, copied);
  }
}

/** Turns the parts at `indices` by `angle` about the first one's start; returns `copied` with the parts it copied. */
function turnJoint(parts: RigPart[], indices: readonly number[], angle: number, copy: boolean, copied: number): number {
  if (angle === 0 || !Number.isFinite(angle)) return copied;
  const pivotStart = parts[indices[0]].start;
  const px = pivotStart[0];
  const py = pivotStart[1];
  // Each point turned about the pivot, with the angle's cosine and sine worked out once.
  const c = Math.cos(angle);
  const sn = Math.sin(angle);
  for (let k = 0; k < indices.length; k += 1) {
    const i = indices[k];
    if (copy && !(copied & (1 << i))) {
      parts[i] = clonePart(parts[i]);
      copied |= 1 << i;
    }
    turnAbout(parts[i].start, px, py, c, sn);
    turnAbout(parts[i].end, px, py, c, sn);
  }
  return copied;
}

/** Fades each reaction by dt / decay and erases the finished ones. */
function fadeReactions(reactions: ImpactReactions, dt: number): void {
  // A bad dt must not turn a strength into NaN, which would never reach the erase test.
  const step = Number.isFinite(dt) && dt > 0 ? dt : 0;
  for (let slot = 0; slot < REACTION_JOINTS.length; slot += 1) {
    if (!reactions.isActive(slot)) continue;
    const strength = reactions.strengthAt(slot) - step / Math.max(reactions.decayAt(slot), MIN_DECAY);
    reactions.setStrengthAt(slot, strength);
    if (!(strength > STRENGTH_EPSILON)) reactions.deleteAt(slot);
  }
}

export function clearReactions(reactions: ImpactReactions): void {
  reactions.clear();
}

/** The joints a flinch of a leg turns (a hit on a shin nudges its thigh too): the feet hang from them. */
export const LEG_JOINTS: readonly ReactionJoint[] = ['LeftUpperLeg', 'LeftLowerLeg', 'RightUpperLeg', 'RightLowerLeg'];

/** The parts whose hits turn leg joints only (the targets table says which). */
const LEG_PARTS: ReadonlySet<PartName> = new Set(PART_NAMES.filter((part) => REACTION_TARGETS[part].every((t) => LEG_JOINTS.includes(t.joint))));

/** A hit on `part` flinches a leg (and so moves a foot). */
export const isLegPart = (part: PartName): boolean => LEG_PARTS.has(part);

/** The legs stop flinching at once (their feet are wanted where they are); the rest fade on. */
export function releaseLegReactions(reactions: ImpactReactions): void {
  for (const slot of LEG_SLOTS) reactions.deleteAt(slot);
}

const LEG_SLOTS: readonly number[] = LEG_JOINTS.map(reactionSlot);

/**
 * The stickman turned round (facing flipped): each flinch keeps bending the same way on the
 * stage. A mirror reverses the sense of a rotation, so the rig-local angles change sign.
 */
export function mirrorReactions(reactions: ImpactReactions): void {
  for (let slot = 0; slot < REACTION_JOINTS.length; slot += 1) if (reactions.isActive(slot)) reactions.setAngleAt(slot, -reactions.angleAt(slot));
}

/**
 * How fast the collision proxies follow a flinch, radians a step at each joint. The drawn flinch
 * comes on at once (seed 4.5: the whole angle on the step of the hit); a proxy that did the same
 * would be a bat: a leg flinched by the 0.6 rad cap sweeps its shin ~100 px in one step, over
 * 6,000 px/s, into whatever prop stands beside it. At this rate a leg turning at hip and knee
 * moves its foot (~375 px of lever in all) at most ~7.5 px a step, about a walking foot's 450
 * px/s, and the proxies meet the fading flinch of a cap hit after ~12 steps, at ~0.25 rad.
 * Measured on the golden crowds against proxies that take the whole flinch at once: prop-steps
 * above 1,500 px/s 344 against 3,505 (crossingCrowd) and 5 against 276 (crowdAmongProps); props
 * off the stage 1 against 9.
 */
export const PROXY_FLINCH_RATE = 0.02;

/** Below this a proxy's flinch is gone, radians. */
const PROXY_FLINCH_EPSILON = 1e-6;

/**
 * The flinch the collision proxies carry: one angle per joint, in JOINT_PART_INDICES order (0:
 * none), moved towards the drawn one by `followFlinch`. An array, not a map: nearly every rig of
 * a crowd among props flinches every step.
 */
export type ProxyFlinch = Float64Array;

export const createProxyFlinch = (): ProxyFlinch => new Float64Array(JOINT_PART_INDICES.length);

const towards = (from: number, to: number): number => from + Math.max(-PROXY_FLINCH_RATE, Math.min(PROXY_FLINCH_RATE, to - from));

/**
 * Moves the proxies' flinch towards the drawn one (angle × strength per joint) by at most
 * PROXY_FLINCH_RATE a joint; a joint the drawn flinch has let go of returns to 0 at the same rate.
 * Returns whether any joint of the proxies still flinches.
 */
export function followFlinch(proxy: ProxyFlinch, drawn: ImpactReactions): boolean {
  let flinching = false;
  for (let i = 0; i < proxy.length; i += 1) {
    const next = towards(proxy[i], drawn.turnAt(i));
    proxy[i] = Math.abs(next) < PROXY_FLINCH_EPSILON ? 0 : next;
    if (proxy[i] !== 0) flinching = true;
  }
  return flinching;
}

/** Whether any joint of the proxies flinches. */
export function proxyFlinching(proxy: ProxyFlinch): boolean {
  for (let i = 0; i < proxy.length; i += 1) if (proxy[i] !== 0) return true;
  return false;
}

/** The proxies stop flinching at once. */
export const clearProxyFlinch = (proxy: ProxyFlinch): void => {
  proxy.fill(0);
};

/** The stickman turned round (`mirrorReactions` for the drawn flinch). */
export function mirrorProxyFlinch(proxy: ProxyFlinch): void {
  for (let i = 0; i < proxy.length; i += 1) proxy[i] = -proxy[i];
}

/** Turns `pose` (one nobody else has seen) by the proxies' flinch, in place. */
export function applyProxyFlinchInPlace(pose: RigLocalPose, proxy: ProxyFlinch): void {
  const parts = partsInOrder(pose, PARTS);
  for (let j = 0; j < JOINT_PART_INDICES.length; j += 1) turnJoint(parts, JOINT_PART_INDICES[j][1], proxy[j], false, 0);
}
