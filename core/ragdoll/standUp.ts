/**
 * Standing up from a ragdoll (issue 8, seed 4.5 RECOVERING): the captured pose becomes IK markers
 * (so the solved pose matches it), then blends to standing over STAND_UP_SECONDS through a
 * face-up variant (sit up, crouch) or a face-down one (hands and knees, crouch), chosen from the
 * torso's orientation. Pure: the runtime advances the elapsed time one step at a time.
 */
import type { Facing } from '../rig/facing';
import { worldToMarker } from '../rig/facing';
import { MARKER_NAMES, type MarkerPose } from '../rig/markers';
import type { Vec2 } from '../rig/vec';
import type { WorldPose } from '../rig/worldPose';

/** Markers plus the torso's and head's lean (rig-local, radians, + leans forward): what solvePose takes. */
export interface StandUpKey {
  markers: MarkerPose;
  torsoLean: number;
  headLean: number;
}

export type StandUpVariant = 'face_up' | 'face_down';

/**
 * The captured ragdoll pose as markers in rig-local space about the new root: pelvis, hands at
 * the forearms' ends, feet at the shins' ends; the lean points the torso where it lay.
 */
export function fitKey(pose: WorldPose, root: Vec2, facing: Facing): StandUpKey {
  const local = (p: Vec2) => worldToMarker(p, root, facing);
  const pelvis = local(pose.torso.start);
  const neck = local(pose.torso.end);
  const head = local(pose.head.end);
  return {
    markers: {
      Torso: pelvis,
      Left_Hand: local(pose.left_lower_arm.end),
      Right_Hand: local(pose.right_lower_arm.end),
      Left_Leg: local(pose.left_lower_leg.end),
      Right_Leg: local(pose.right_lower_leg.end),
    },
    torsoLean: Math.atan2(neck[0] - pelvis[0], -(neck[1] - pelvis[1])),
    headLean: Math.atan2(head[0] - neck[0], -(head[1] - neck[1])),
  };
}

/** Lying with the chest up (on the back) or down (on the belly), from the torso's lean. */
export function standUpVariant(key: StandUpKey): StandUpVariant {
  return Math.sin(key.torsoLean) < 0 ? 'face_up' : 'face_down';
}

const CROUCH: StandUpKey = {
  markers: { Torso: [0, -190], Left_Leg: [25, 0], Right_Leg: [-25, 0], Left_Hand: [90, -260], Right_Hand: [70, -250] },
  torsoLean: 0.7,
  headLean: 0.3,
};

/** The poses passed through, at fractions of the stand-up, before the standing pose at 1. */
export const STAND_UP_KEYS: Readonly<Record<StandUpVariant, ReadonlyArray<{ at: number; key: StandUpKey }>>> = {
  face_up: [
    // Sitting up, hands on the floor behind, legs out in front.
    { at: 0.35, key: { markers: { Torso: [0, -60], Left_Leg: [150, 0], Right_Leg: [120, 0], Left_Hand: [-70, -20], Right_Hand: [-40, -20] }, torsoLean: 0.35, headLean: 0.2 } },
    { at: 0.7, key: CROUCH },
  ],
  face_down: [
    // Hands and knees: shins flat behind, hands under the shoulders.
    { at: 0.35, key: { markers: { Torso: [-80, -130], Left_Leg: [-200, 0], Right_Leg: [-180, 0], Left_Hand: [100, 0], Right_Hand: [80, 0] }, torsoLean: 1.35, headLean: 0.9 } },
    { at: 0.7, key: CROUCH },
  ],
};

const smooth = (t: number): number => t * t * (3 - 2 * t);
const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

function blend(a: StandUpKey, b: StandUpKey, t: number): StandUpKey {
  const markers = {} as MarkerPose;
  for (const m of MARKER_NAMES) markers[m] = [lerp(a.markers[m][0], b.markers[m][0], t), lerp(a.markers[m][1], b.markers[m][1], t)];
  // Leans turn the short way round (a torso lying head-downhill does not spin a full turn).
  const turn = (from: number, to: number) => from + Math.atan2(Math.sin(to - from), Math.cos(to - from)) * t;
  return { markers, torsoLean: turn(a.torsoLean, b.torsoLean), headLean: turn(a.headLean, b.headLean) };
}

/** The pose `progress` (0..1) of the way from the captured key to `standing`. */
export function standUpPose(from: StandUpKey, variant: StandUpVariant, standing: MarkerPose, progress: number): StandUpKey {
  const p = Math.min(1, Math.max(0, Number.isFinite(progress) ? progress : 1));
  const keys = [{ at: 0, key: from }, ...STAND_UP_KEYS[variant], { at: 1, key: { markers: standing, torsoLean: 0, headLean: 0 } }];
  for (let i = 1; i < keys.length; i += 1) {
    if (p <= keys[i].at) {
      const a = keys[i - 1];
      const b = keys[i];
      return blend(a.key, b.key, smooth((p - a.at) / (b.at - a.at)));
    }
  }
  return { markers: standing, torsoLean: 0, headLean: 0 };
}
