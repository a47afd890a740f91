/**
 * Ragdoll tuning (issue 8): masses, joint ranges, rest and stand-up timing. One table, named, so
 * tests and the debug overlay read the same numbers the physics uses.
 */
import type { PartName } from '../rig/skeleton';

/** Part masses in kilograms (Rapier's unit): a ~70 kg figure, heavy torso and thighs. */
export const RAGDOLL_MASSES: Readonly<Record<PartName, number>> = Object.freeze({
  head: 5,
  torso: 30,
  left_upper_arm: 2.5,
  left_lower_arm: 1.8,
  right_upper_arm: 2.5,
  right_lower_arm: 1.8,
  left_upper_leg: 9,
  left_lower_leg: 4.5,
  right_upper_leg: 9,
  right_lower_leg: 4.5,
});

export type RagdollJointName = 'neck' | 'left_shoulder' | 'right_shoulder' | 'left_elbow' | 'right_elbow' | 'left_hip' | 'right_hip' | 'left_knee' | 'right_knee';

export interface RagdollJointSpec {
  name: RagdollJointName;
  parent: PartName;
  child: PartName;
  /** Where the joint sits: the parent's start or end (the child's start, or the head's neck). */
  at: 'parent_start' | 'parent_end';
  /**
   * Angle range of the child relative to the parent, radians, for a stickman facing RIGHT, with
   * every body's frame "hanging" (local +Y along the part, pointing down when upright): 0 is the
   * limb in line with its parent. Positive swings the child's far end backwards (−X). LEFT
   * mirrors it.
   */
  range: readonly [number, number];
}

/** Neck, shoulders, elbows, hips and knees with human-looking ranges. */
export const RAGDOLL_JOINTS: readonly RagdollJointSpec[] = [
  { name: 'neck', parent: 'torso', child: 'head', at: 'parent_end', range: [-0.6, 0.6] },
  { name: 'left_shoulder', parent: 'torso', child: 'left_upper_arm', at: 'parent_end', range: [-2.9, 1.2] },
  { name: 'right_shoulder', parent: 'torso', child: 'right_upper_arm', at: 'parent_end', range: [-2.9, 1.2] },
  // Elbows fold the forearm forward only; knees fold the shin backward only.
  { name: 'left_elbow', parent: 'left_upper_arm', child: 'left_lower_arm', at: 'parent_end', range: [-2.5, 0.05] },
  { name: 'right_elbow', parent: 'right_upper_arm', child: 'right_lower_arm', at: 'parent_end', range: [-2.5, 0.05] },
  { name: 'left_hip', parent: 'torso', child: 'left_upper_leg', at: 'parent_start', range: [-2.0, 0.6] },
  { name: 'right_hip', parent: 'torso', child: 'right_upper_leg', at: 'parent_start', range: [-2.0, 0.6] },
  { name: 'left_knee', parent: 'left_upper_leg', child: 'left_lower_leg', at: 'parent_end', range: [-0.05, 2.5] },
  { name: 'right_knee', parent: 'right_upper_leg', child: 'right_lower_leg', at: 'parent_end', range: [-0.05, 2.5] },
];

/**
 * Ragdoll bodies fall with the terrain fall's gravity (seed 6a TERRAIN_GRAVITY, 2400 px/s²), not
 * the props' 980: a 600 px figure under 980 px/s² topples like a six-metre giant, in slow motion.
 * As a factor of the project gravity's 980.
 */
export const RAGDOLL_GRAVITY_SCALE = 2400 / 980;

/** Air drag on every part (1/s) and on its spin: a body that lands settles rather than rolls on. */
export const RAGDOLL_LINEAR_DAMPING = 0.4;
export const RAGDOLL_ANGULAR_DAMPING = 0.8;
/** Friction of a ragdoll's parts against what they lie on. */
export const RAGDOLL_FRICTION = 1.0;
/** Resistance of each joint to turning (a velocity motor towards 0): limbs fold, not flap. */
export const RAGDOLL_JOINT_FRICTION = 0.004;

/** A part counts as still below this linear speed (px/s)… */
export const RAGDOLL_REST_SPEED = 25;
/** …and this angular speed (rad/s)… */
export const RAGDOLL_REST_ANGULAR_SPEED = 0.8;
/** …and the whole body must stay still this long before it is at rest. */
export const RAGDOLL_REST_SECONDS = 0.5;
/** A ragdoll that never settles (rolling down a long slope) counts as at rest after this long. */
export const RAGDOLL_MAX_SECONDS = 8;

/** Steps of pose history the momentum is averaged over when a ragdoll is built. */
export const MOMENTUM_STEPS = 3;

/** How long standing up takes, from the captured ragdoll pose to the standing pose. */
export const STAND_UP_SECONDS = 1.2;

/**
 * Ragdoll collision slots: each live ragdoll gets one collision-group bit so its own parts never
 * collide (the head circle overlaps the shoulders) while different ragdolls still do. With more
 * live ragdolls than slots, two ragdolls share a bit and pass through each other.
 */
export const RAGDOLL_SLOTS = 12;
