/**
 * Flinch (seed 4.5 reaction contract): a prop that newly touches a part bends the stickman away
 * from it for a moment. Reactions are added by the contacts (`RigRuntime.addReaction`) and go on
 * last over the solved pose, so the proxies the next physics step sees are the flinched pose.
 */
import { markersWithSolvedHands } from '../../../core/rig/poseMarkers';
import { addCollisionReaction, applyImpactReactionsInPlace, isLegPart, releaseLegReactions } from '../../../core/rig/reactions';
import type { PartName } from '../../../core/rig/skeleton';
import type { RigRuntime } from '../rigRuntime';
import { STEP_DT } from '../stepDt';
import type { RigStep } from './systems';

export function flinch(rig: RigRuntime, step: RigStep): void {
  if (!step.posed) return;
  // A leg's flinch from a touch just before touchdown would swing the locked foot off its contact.
  if (legsLocked(rig)) releaseLegReactions(rig.reactions);
  // The pose is this step's own solve (armPose, just before, solved it and nothing has seen it
  // since): the flinch bends it where it is.
  if (rig.reactions.size > 0) {
    applyImpactReactionsInPlace(rig.localPose, rig.reactions, STEP_DT);
    rig.forgetPose();
  }
  // The pose is final now: frames show the hands where it put them (a reach, a hold, a throw, a
  // flinch still bending it).
  rig.handMarkers = step.armMarkers || rig.reactions.size > 0 ? markersWithSolvedHands(step.armMarkers ?? rig.motion.markers, rig.localPose) : null;
}

/** A flinch away from `direction` (the push from the prop), scaled by the prop's speed; only when ANIMATED. */
export function addFlinch(rig: RigRuntime, part: PartName, direction: readonly [number, number], speed: number): number {
  // One read of the connection: the contact drain calls this a few hundred times a step.
  const connection = rig.connection;
  if (connection.leftStage || connection.state !== 'ANIMATED') return 0;
  if (isLegPart(part) && legsLocked(rig)) return 0;
  return addCollisionReaction(rig.reactions, rig.localPose, rig.motion.facing, part, direction, speed);
}

/** A hard landing locks each foot to its contact for the whole impact (seed 6a §7): the legs do not flinch. */
const legsLocked = (rig: RigRuntime): boolean => rig.terrainPhase === 'LANDING_IMPACT';
