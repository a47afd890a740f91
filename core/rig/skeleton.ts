import { type Vec2, add, rotate } from './vec';
import type { RigProportions } from './proportions';
import type { MarkerPose } from './markers';
import { solveTwoBone, KNEE_BEND, ELBOW_BEND } from './ik';

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
  const torsoLean = options.torsoLean ?? 0;
  const pelvis: Vec2 = [markers.Torso[0], markers.Torso[1]];
  const neck = add(pelvis, rotate([UP[0] * proportions.torso, UP[1] * proportions.torso], torsoLean));
  const headLean = options.headLean ?? 0;
  const headCentre = add(neck, headLean === 0 ? [0, -proportions.neckToHead] : rotate([0, -proportions.neckToHead], headLean));
  const hip = pelvis;
  const shoulder = neck;

  const leftLeg = solveTwoBone(hip, markers.Left_Leg, proportions.upperLeg, proportions.lowerLeg, KNEE_BEND);
  const rightLeg = solveTwoBone(hip, markers.Right_Leg, proportions.upperLeg, proportions.lowerLeg, KNEE_BEND);
  const leftArm = solveTwoBone(shoulder, markers.Left_Hand, proportions.upperArm, proportions.lowerArm, ELBOW_BEND);
  const rightArm = solveTwoBone(shoulder, markers.Right_Hand, proportions.upperArm, proportions.lowerArm, ELBOW_BEND);

  const part = (name: PartName, start: Vec2, end: Vec2, length: number): RigPart => ({
    name,
    start: [start[0], start[1]],
    end: [end[0], end[1]],
    length,
  });
  return {
    head: part('head', neck, headCentre, proportions.neckToHead),
    torso: part('torso', pelvis, neck, proportions.torso),
    left_upper_arm: part('left_upper_arm', shoulder, leftArm.joint, proportions.upperArm),
    left_lower_arm: part('left_lower_arm', leftArm.joint, leftArm.end, proportions.lowerArm),
    right_upper_arm: part('right_upper_arm', shoulder, rightArm.joint, proportions.upperArm),
    right_lower_arm: part('right_lower_arm', rightArm.joint, rightArm.end, proportions.lowerArm),
    left_upper_leg: part('left_upper_leg', hip, leftLeg.joint, proportions.upperLeg),
    left_lower_leg: part('left_lower_leg', leftLeg.joint, leftLeg.end, proportions.lowerLeg),
    right_upper_leg: part('right_upper_leg', hip, rightLeg.joint, proportions.upperLeg),
    right_lower_leg: part('right_lower_leg', rightLeg.joint, rightLeg.end, proportions.lowerLeg),
  };
}
