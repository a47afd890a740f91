/**
 * Held prop: the prop in hand follows the solved wrist, as a kinematic body (seed 11 §3.2: only
 * after the wrist is solved, so it never lags the hand by a step).
 */
import type { RigRuntime } from '../rigRuntime';
import { STEP_DT } from '../stepDt';
import type { RigStep } from './systems';

export function heldProp(rig: RigRuntime, step: RigStep): void {
  // Nothing in hand: no world pose to build (most stickmen, most steps).
  if (!step.posed || rig.hands.heldPropId === null) return;
  const held = rig.hands.heldPose(rig.worldPose, rig.motion.facing, STEP_DT);
  if (held) rig.physics.setHeldPose(rig.hands.heldPropId!, held.position, held.rotation);
}
