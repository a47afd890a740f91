/**
 * Turning round (issue 19 §1, seed 11 §3.3): a throw that turned the stickman to face its target
 * fades out of the stage pose it turned from (core/rig/poseBlend) over the wind-up's start. It
 * goes on last over the solved and flinched pose, so the first pose after the turn is exactly
 * the last one before it, seen from the other side; frames read the markers from it.
 */
import { markersOfPose } from '../../../core/rig/poseMarkers';
import { poseDifference, turnWeight, withPoseDifference } from '../../../core/rig/poseBlend';
import type { RigRuntime } from '../rigRuntime';
import type { RigStep } from './systems';

export function turning(rig: RigRuntime, step: RigStep): void {
  // No throw that turned round, no fade (the machines' view is read only for a throw's turn).
  if (!step.posed || !rig.hands.throwing?.turn) return;
  const it = rig.connection.interactor;
  const turn = it.state === 'THROWING' ? rig.hands.throwing.turn : null;
  const weight = turn ? turnWeight(it.elapsed) : 0;
  if (!turn || !(weight > 0)) return;
  turn.difference ??= poseDifference(turn.from, rig.localPose);
  const pose = withPoseDifference(rig.localPose, turn.difference, weight);
  rig.setPose(pose);
  // The proxies follow the faded pose (a flinch's lag behind it is not worth a second fade).
  rig.collisionPose = null;
  rig.handMarkers = markersOfPose(pose);
}
