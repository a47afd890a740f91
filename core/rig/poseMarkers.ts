/**
 * The markers a frame shows for a solved pose (DESIGN.md §9, frames are truthful): the hands are
 * where the solved wrists are. A reach, a hold, a throw or a flinch moves the arms off the
 * locomotion's markers (and IK may fall short of a marker it cannot reach), so the frame reads
 * the hands back from the pose instead of from the markers that asked for it.
 */
import type { MarkerPose } from './markers';
import type { RigLocalPose } from './skeleton';

/**
 * `markers` with the hands where `pose`'s wrists are, written into `out` (its own arrays,
 * overwritten): a pose shown step after step, whose reader copies the numbers (a frame's packed
 * view) and keeps nothing.
 */
export function markersWithSolvedHandsInto(markers: MarkerPose, pose: RigLocalPose, out: MarkerPose): MarkerPose {
  // Each marker by its own name: a lookup by a varying name costs as much as the copy.
  copyInto(markers.Left_Leg, out.Left_Leg);
  copyInto(markers.Right_Leg, out.Right_Leg);
  copyInto(markers.Torso, out.Torso);
  const l = pose.left_lower_arm.end;
  const r = pose.right_lower_arm.end;
  out.Left_Hand[0] = l[0];
  out.Left_Hand[1] = l[1];
  out.Right_Hand[0] = r[0];
  out.Right_Hand[1] = r[1];
  return out;
}

function copyInto(from: Readonly<[number, number]>, to: [number, number]): void {
  to[0] = from[0];
  to[1] = from[1];
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
