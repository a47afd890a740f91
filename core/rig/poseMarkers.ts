/**
 * The markers a frame shows for a solved pose (DESIGN.md §9, frames are truthful): the hands are
 * where the solved wrists are. A reach, a hold, a throw or a flinch moves the arms off the
 * locomotion's markers (and IK may fall short of a marker it cannot reach), so the frame reads
 * the hands back from the pose instead of from the markers that asked for it.
 */
import type { MarkerPose } from './markers';
import type { RigLocalPose } from './skeleton';

export function markersWithSolvedHands(markers: MarkerPose, pose: RigLocalPose): MarkerPose {
  const l = pose.left_lower_arm.end;
  const r = pose.right_lower_arm.end;
  return { ...markers, Left_Hand: [l[0], l[1]], Right_Hand: [r[0], r[1]] };
}

/**
 * All five markers read back from a pose: for a pose that is not solved from markers (a blend
 * between two poses, a turn round), the frame shows where its feet, pelvis and hands are.
 */
export function markersOfPose(pose: RigLocalPose): MarkerPose {
  const at = (p: readonly [number, number]): [number, number] => [p[0], p[1]];
  return {
    Torso: at(pose.torso.start),
    Left_Leg: at(pose.left_lower_leg.end),
    Right_Leg: at(pose.right_lower_leg.end),
    Left_Hand: at(pose.left_lower_arm.end),
    Right_Hand: at(pose.right_lower_arm.end),
  };
}
