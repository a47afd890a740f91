/**
 * Arm pose: the interactor owns the active hand (and the crouch) over the locomotion pose (seed
 * 11 §2) — reaching, carrying, the overhand throw — and the rig's pose is solved from it.
 */
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { solvePose } from '../../../core/rig/skeleton';
import type { RigRuntime } from '../rigRuntime';
import type { RigStep } from './systems';

export function armPose(rig: RigRuntime, step: RigStep): void {
  if (!step.posed) return;
  const it = rig.connection.interactor;
  const m = rig.motion;
  const arm = rig.hands.pose(it.state, it.grip, it.hand, it.propId, it.elapsed, m.markers, m.root, m.facing);
  step.armMarkers = arm?.markers ?? null;
  rig.setPose(arm ? solvePose(arm.markers, DEFAULT_PROPORTIONS, { torsoLean: arm.torsoLean }) : solvePose(m.markers, DEFAULT_PROPORTIONS, { torsoLean: m.walkLean }));
}
