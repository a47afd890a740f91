import type { Vec2 } from './vec';
import type { RigProportions } from './proportions';
import type { MarkerPose } from './markers';
import { solveTwoBoneInto, KNEE_BEND, ELBOW_BEND } from './ik';

/** The ten body parts, keyed by the seed's snake_case part names (phase 4.5 COLLISION_PARTS). */
export const PART_NAMES = [
  'head',
  'torso',
  'left_upper_arm',
  'left_lower_arm',
  'right_upper_arm',
  'right_lower_arm',
  'left_upper_leg',
  'left_lower_leg',
  'right_upper_leg',
  'right_lower_leg',
] as const;
export type PartName = (typeof PART_NAMES)[number];

/**
 * One part as a segment. `start` is where the part attaches to its parent (hip for an upper leg,
 * knee for a lower leg, neck for the head, pelvis for the torso); `end` is its far end (for the
 * head: the centre of the drawn head circle).
 */
export interface RigPart {
  name: PartName;
  start: Vec2;
  end: Vec2;
  length: number;
}

export type RigLocalPose = Record<PartName, RigPart>;

/**
 * `pose`'s parts in PART_NAMES order, written into `into` (a caller's reused array: the per-step
 * paths over every part — proxies, flinches — read them by position, not by a varying name).
 */
export function partsInOrder(pose: RigLocalPose, into: RigPart[]): RigPart[] {
  into[0] = pose.head;
  into[1] = pose.torso;
  into[2] = pose.left_upper_arm;
  into[3] = pose.left_lower_arm;
  into[4] = pose.right_upper_arm;
  into[5] = pose.right_lower_arm;
  into[6] = pose.left_upper_leg;
  into[7] = pose.left_lower_leg;
  into[8] = pose.right_upper_leg;
  into[9] = pose.right_lower_leg;
  return into;
}

export interface SolvePoseOptions {
  /**
   * Torso rotation away from upright, radians. Positive leans forward (towards +X): the torso
   * vector is (0, −torso) rotated by this angle. The head stays upright above the neck.
   */
  torsoLean?: number;
  /**
   * Head rotation away from upright about the neck, radians, same sign as torsoLean. A standing
   * stickman keeps its head upright; one getting up off the floor starts with the head where it lay.
   */
  headLean?: number;
}

/** Rig-local up, the direction of an upright torso. */
const UP: Vec2 = [0, -1];

/**
 * Computes the ten part segments from the five IK markers, in rig-local space.
 * Hips sit at the pelvis and shoulders at the neck (a 2D stick figure has no hip or shoulder
 * width), legs bend their knees forward and arms bend their elbows back.
 */
export function solvePose(markers: MarkerPose, proportions: RigProportions, options: SolvePoseOptions = {}): RigLocalPose {
  return solvePoseInto(markers, proportions, options, blankPose());
}

/** Ten parts at the origin for a solve to fill. Every part has its own arrays: a part is never an alias of another's end. */
function blankPose(): RigLocalPose {
  const part = (name: PartName): RigPart => ({ name, start: [0, 0], end: [0, 0], length: 0 });
  return {
    head: part('head'), torso: part('torso'),
    left_upper_arm: part('left_upper_arm'), left_lower_arm: part('left_lower_arm'),
    right_upper_arm: part('right_upper_arm'), right_lower_arm: part('right_lower_arm'),
    left_upper_leg: part('left_upper_leg'), left_lower_leg: part('left_lower_leg'),
    right_upper_leg: part('right_upper_leg'), right_lower_leg: part('right_lower_leg'),
  };
}

/** The parts `copyPoseInto` copies from and into (filled anew each call). */
const COPY_FROM: RigPart[] = [];
const COPY_INTO: RigPart[] = [];

/** `from`'s parts written into `into`'s own arrays (a pose buffer reused step after step: no new arrays a step). */
export function copyPoseInto(from: RigLocalPose, into: RigLocalPose): RigLocalPose {
  // Named reads (partsInOrder), not a read keyed by a varying name, on every rig every step.
  const source = partsInOrder(from, COPY_FROM);
  const target = partsInOrder(into, COPY_INTO);
  for (let i = 0; i < source.length; i += 1) {
    const a = source[i];
    const b = target[i];
    b.start[0] = a.start[0];
    b.start[1] = a.start[1];
    b.end[0] = a.end[0];
    b.end[1] = a.end[1];
    b.length = a.length;
  }
  return into;
}

/**
 * `solvePose` written into `out` (a pose from `solvePose`, which it returns): every number of
 * every part is set, so a rig solves into the same pose step after step instead of making ~2 KB
 * of garbage each time. Whoever keeps a pose past its owner's next solve must copy it.
 */
export function solvePoseInto(markers: MarkerPose, proportions: RigProportions, options: SolvePoseOptions, out: RigLocalPose): RigLocalPose {
  const torsoLean = options.torsoLean ?? 0;
  const pelvisX = markers.Torso[0];
  const pelvisY = markers.Torso[1];
  // The torso and the head offset turned by their leans: `rotate` written out in plain numbers
  // (the same arithmetic without its arrays; a solve runs for every rig every step).
  const upX = UP[0] * proportions.torso;
  const upY = UP[1] * proportions.torso;
  let neckX = pelvisX + upX;
  let neckY = pelvisY + upY;
  if (torsoLean !== 0) {
    const c = Math.cos(torsoLean);
    const sn = Math.sin(torsoLean);
    neckX = pelvisX + (upX * c - upY * sn);
    neckY = pelvisY + (upX * sn + upY * c);
  }
  const headLean = options.headLean ?? 0;
  const headUpY = -proportions.neckToHead;
  let headX = neckX + 0;
  let headY = neckY + headUpY;
  if (headLean !== 0) {
    const c = Math.cos(headLean);
    const sn = Math.sin(headLean);
    headX = neckX + (0 * c - headUpY * sn);
    headY = neckY + (0 * sn + headUpY * c);
  }
  // Hips sit at the pelvis, shoulders at the neck. Joint x, y and end x, y of each limb.
  const l = LIMBS;
  solveTwoBoneInto(l, 0, pelvisX, pelvisY, markers.Left_Leg, proportions.upperLeg, proportions.lowerLeg, KNEE_BEND);
  solveTwoBoneInto(l, 4, pelvisX, pelvisY, markers.Right_Leg, proportions.upperLeg, proportions.lowerLeg, KNEE_BEND);
  solveTwoBoneInto(l, 8, neckX, neckY, markers.Left_Hand, proportions.upperArm, proportions.lowerArm, ELBOW_BEND);
  solveTwoBoneInto(l, 12, neckX, neckY, markers.Right_Hand, proportions.upperArm, proportions.lowerArm, ELBOW_BEND);
  setPart(out.head, neckX, neckY, headX, headY, proportions.neckToHead);
  setPart(out.torso, pelvisX, pelvisY, neckX, neckY, proportions.torso);
  setPart(out.left_upper_arm, neckX, neckY, l[8], l[9], proportions.upperArm);
  setPart(out.left_lower_arm, l[8], l[9], l[10], l[11], proportions.lowerArm);
  setPart(out.right_upper_arm, neckX, neckY, l[12], l[13], proportions.upperArm);
  setPart(out.right_lower_arm, l[12], l[13], l[14], l[15], proportions.lowerArm);
  setPart(out.left_upper_leg, pelvisX, pelvisY, l[0], l[1], proportions.upperLeg);
  setPart(out.left_lower_leg, l[0], l[1], l[2], l[3], proportions.lowerLeg);
  setPart(out.right_upper_leg, pelvisX, pelvisY, l[4], l[5], proportions.upperLeg);
  setPart(out.right_lower_leg, l[4], l[5], l[6], l[7], proportions.lowerLeg);
  return out;
}

function setPart(part: RigPart, sx: number, sy: number, ex: number, ey: number, length: number): void {
  part.start[0] = sx;
  part.start[1] = sy;
  part.end[0] = ex;
  part.end[1] = ey;
  part.length = length;
}

/** The four limbs' joints and ends while a pose is solved (solves never interleave). */
const LIMBS = new Float64Array(16);
