import type { Vec2 } from './vec';
import type { RigProportions } from './proportions';

/** The five IK marker names, exactly as the seeds' IK_Targets children. Torso is the pelvis. */
export const MARKER_NAMES = ['Left_Hand', 'Right_Hand', 'Left_Leg', 'Right_Leg', 'Torso'] as const;
export type MarkerName = (typeof MARKER_NAMES)[number];

/** Marker positions in rig-local space (origin at the root, +X forward, up = −Y). */
export type MarkerPose = Record<MarkerName, Vec2>;

/** Half the distance between the feet in the default stance. */
export const DEFAULT_STANCE_HALF_WIDTH = 24;
/**
 * Hip-to-foot distance as a fraction of the full leg length. Slightly bent so the knees read as
 * knees and IK has slack to absorb terrain; kept high enough that the default figure's height
 * (root to the top of the visible head) stays close to the straight-legged maximum.
 */
export const DEFAULT_LEG_EXTENSION = 0.99;
/**
 * Shoulder-to-hand distance as a fraction of the full arm length: relaxed, the elbows visibly soft
 * so an arm reads as an arm and not as a second line along the torso.
 */
export const DEFAULT_ARM_EXTENSION = 0.95;
/**
 * How far in front of / behind the body line each hand hangs. Wide enough that at the default zoom
 * (about 50 %) the near and far arm stand apart from the torso and legs, and the two hand dots of
 * the pose editor sit clear of the pelvis dot (issue 22: standing figures read as poles at 22 px).
 */
export const DEFAULT_HAND_SWING = 50;

/**
 * A relaxed standing pose: feet on the ground at ±DEFAULT_STANCE_HALF_WIDTH, pelvis straight above
 * the root at a slight knee bend, hands hanging beside the hips. The forward leg and the forward
 * hand are on opposite sides, as in a natural stance.
 */
export function defaultStandingPose(proportions: RigProportions): MarkerPose {
  const hipToFoot = (proportions.upperLeg + proportions.lowerLeg) * DEFAULT_LEG_EXTENSION;
  const pelvisHeight = Math.sqrt(Math.max(0, hipToFoot * hipToFoot - DEFAULT_STANCE_HALF_WIDTH ** 2));
  const shoulderY = -pelvisHeight - proportions.torso;
  const shoulderToHand = (proportions.upperArm + proportions.lowerArm) * DEFAULT_ARM_EXTENSION;
  const handDrop = Math.sqrt(Math.max(0, shoulderToHand * shoulderToHand - DEFAULT_HAND_SWING ** 2));
  const handY = shoulderY + handDrop;
  return {
    Torso: [0, -pelvisHeight],
    Left_Leg: [DEFAULT_STANCE_HALF_WIDTH, 0],
    Right_Leg: [-DEFAULT_STANCE_HALF_WIDTH, 0],
    Left_Hand: [-DEFAULT_HAND_SWING, handY],
    Right_Hand: [DEFAULT_HAND_SWING, handY],
  };
}

export interface MarkerPoseIssue {
  marker: MarkerName;
  message: string;
}

/**
 * Lists every missing or non-finite marker so a bad pose can be rejected before it reaches IK or
 * physics. Accepts `unknown` values because poses also arrive from files and UI input.
 * An empty list means the pose is usable.
 */
export function validateMarkerPose(pose: Partial<Record<MarkerName, unknown>>): MarkerPoseIssue[] {
  const issues: MarkerPoseIssue[] = [];
  for (const marker of MARKER_NAMES) {
    const value = pose[marker];
    if (!Array.isArray(value) || value.length !== 2) {
      issues.push({ marker, message: `${marker} must be a [x, y] pair` });
      continue;
    }
    const [x, y] = value as unknown[];
    if (typeof x !== 'number' || !Number.isFinite(x)) issues.push({ marker, message: `${marker} x is not a finite number (${String(x)})` });
    if (typeof y !== 'number' || !Number.isFinite(y)) issues.push({ marker, message: `${marker} y is not a finite number (${String(y)})` });
  }
  return issues;
}
