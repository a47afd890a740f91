/**
 * Flinch (seed 4.5 reaction contract): a prop that newly touches a part bends the stickman away
 * from it for a moment. Reactions are added by the contacts (`RigRuntime.addReaction`) and go on
 * last over the solved pose, drawn at once. The collision proxies the next physics step sees
 * follow the flinch at a limited rate (core/rig/reactions `followFlinch`): a limb flinched by the
 * cap in one step would otherwise bat the prop beside it away at thousands of px/s.
 */
import { markersWithSolvedHandsInto } from '../../../core/rig/poseMarkers';
import {
  addCollisionReaction, applyImpactReactionsInPlace, applyProxyFlinchInPlace, followFlinch, isLegPart, proxyFlinching, releaseLegReactions,
} from '../../../core/rig/reactions';
import type { PartName } from '../../../core/rig/skeleton';
import type { RigRuntime } from '../rigRuntime';
import { STEP_DT } from '../stepDt';
import type { RigStep } from './systems';

export function flinch(rig: RigRuntime, step: RigStep): void {
  rig.collisionPose = null;
  // A down rig has no pose; its flinches were cleared when it went down (./ragdollBody).
  if (!step.posed) return;
  // A leg's flinch from a touch just before touchdown would swing the locked foot off its contact.
  // The drawn legs let go at once; the proxies' legs return at their rate (followFlinch), as any
  // flinch that ends does: let go at once, they would be the bat again.
  if (legsLocked(rig)) releaseLegReactions(rig.reactions);
  // The proxies' pose: the solve, turned by their own flinch as it catches up with this step's.
  if ((rig.reactions.size > 0 || proxyFlinching(rig.proxyFlinch)) && followFlinch(rig.proxyFlinch, rig.reactions)) {
    applyProxyFlinchInPlace(rig.collisionPoseFromSolve(), rig.proxyFlinch);
  }
  // The pose is this step's own solve (armPose, just before, solved it and nothing has seen it
  // since): the flinch bends it where it is.
  if (rig.reactions.size > 0) {
    applyImpactReactionsInPlace(rig.localPose, rig.reactions, STEP_DT);
    rig.forgetPose();
  }
  // The pose is final now: frames show the hands where it put them (a reach, a hold, a throw, a
  // flinch still bending it). Written into the rig's own markers: the frame copies the numbers.
  rig.handMarkers = step.armMarkers || rig.reactions.size > 0 ? markersWithSolvedHandsInto(step.armMarkers ?? rig.motion.markers, rig.localPose, rig.handMarkersBuffer) : null;
}

/** A flinch away from `direction` (the push from the prop), sized by the speed they met with; only when ANIMATED. */
export function addFlinch(rig: RigRuntime, part: PartName, direction: readonly [number, number], speed: number): number {
  // One read of the connection: the contact drain calls this a few hundred times a step.
  const connection = rig.connection;
  if (connection.leftStage || connection.state !== 'ANIMATED') return 0;
  if (isLegPart(part) && legsLocked(rig)) return 0;
  return addCollisionReaction(rig.reactions, rig.localPose, rig.motion.facing, part, direction, speed);
}

/** A hard landing locks each foot to its contact for the whole impact (seed 6a §7): the legs do not flinch. */
const legsLocked = (rig: RigRuntime): boolean => rig.terrainPhase === 'LANDING_IMPACT';
