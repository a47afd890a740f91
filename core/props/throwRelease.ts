/**
 * Where a held prop leaves the hand (seed phase 11 §1.1 release origin): the prop's attachment
 * transform at the overhand path's release waypoint, from a marker pose. One function for the
 * runtime (from the live pose, again at the release step) and the previews (from a predicted
 * pose), so both solve from the same origin.
 */
import type { Facing } from '../rig/facing';
import type { MarkerPose } from '../rig/markers';
import type { RigProportions } from '../rig/proportions';
import { solvePose, type RigLocalPose } from '../rig/skeleton';
import type { Vec2 } from '../rig/vec';
import { toWorld } from '../rig/worldPose';
import type { GripHand, ResolvedGrip } from './grips';
import { overhandPath, releaseWaypoint, type OverhandPath } from './overhand';
import { CARRY_HAND, heldPropPose, type PropPose } from './pickup';

const handMarker = (hand: GripHand) => (hand === 'left' ? 'Left_Hand' : 'Right_Hand') as 'Left_Hand' | 'Right_Hand';

/** The overhand path for the holding hand of a solved rig-local pose. */
export function overhandFor(pose: RigLocalPose, hand: GripHand): OverhandPath {
  return overhandPath({ pelvis: pose.torso.start, shoulder: pose.torso.end, head: pose.head.end, hand: hand === 'left' ? pose.left_lower_arm.end : pose.right_lower_arm.end });
}

/** The held prop's transform at the path's release waypoint, for markers `base` at `root`. */
export function releaseTransform(path: OverhandPath, base: MarkerPose, root: Vec2, facing: Facing, hand: GripHand, grip: ResolvedGrip, proportions: RigProportions): PropPose {
  const sample = releaseWaypoint(path);
  const markers = { ...base, [handMarker(hand)]: sample.hand };
  const world = toWorld(solvePose(markers, proportions, { torsoLean: sample.torsoLean }), root, facing);
  const forearm = hand === 'left' ? world.left_lower_arm : world.right_lower_arm;
  return heldPropPose(forearm.end, Math.atan2(forearm.end[1] - forearm.start[1], forearm.end[0] - forearm.start[0]), grip, facing);
}

/**
 * The overhand path of a rig whose markers are `base` carrying with `hand`: the carry pose a held
 * prop settles into (0.3 s after the pickup), which is the pose a planned throw starts from.
 */
export function carryOverhand(base: MarkerPose, hand: GripHand, proportions: RigProportions): OverhandPath {
  return overhandFor(solvePose({ ...base, [handMarker(hand)]: [CARRY_HAND[0], CARRY_HAND[1]] as Vec2 }, proportions), hand);
}

/**
 * For a preview: the release transform of a stickman standing at `root` in its base pose and
 * carrying with `hand` (the carry pose the runtime settles into once a prop is held).
 */
export function predictedRelease(base: MarkerPose, root: Vec2, facing: Facing, hand: GripHand, grip: ResolvedGrip, proportions: RigProportions): { path: OverhandPath; release: PropPose } {
  const path = carryOverhand(base, hand, proportions);
  return { path, release: releaseTransform(path, base, root, facing, hand, grip, proportions) };
}
