/**
 * Arm pose: the interactor owns the active hand (and the crouch) over the locomotion pose (seed
 * 11 §2) — reaching, carrying, the overhand throw — a playing gesture goes over that (issue 23:
 * the other arm, or the whole body of a bow), and the rig's pose is solved from it.
 */
import type { SolvePoseOptions } from '../../../core/rig/skeleton';
import type { RigRuntime } from '../rigRuntime';
import { gesturePose } from './gesturePose';
import type { RigStep } from './systems';

export function armPose(rig: RigRuntime, step: RigStep): void {
  if (!step.posed) return;
  const connection = rig.connection;
  const it = connection.interactor;
  const m = rig.motion;
  const arm = rig.hands.pose(it.state, it.grip, it.hand, it.propId, it.elapsed, m.markers, m.root, m.facing);
  const base = arm ?? { markers: m.markers, torsoLean: m.walkLean };
  // The hand that holds a prop (or reaches for one, or throws it) keeps it: a gesture moves the other arm only.
  const busyHand = rig.hands.heldHand ?? (it.state !== 'IDLE' ? it.hand : null);
  const gestured = gesturePose(base, connection.gestures, busyHand);
  const pose = gestured ?? base;
  step.armMarkers = gestured?.markers ?? arm?.markers ?? null;
  SOLVE.torsoLean = pose.torsoLean;
  rig.solveFrom(pose.markers, SOLVE);
}

/** The solve's options, filled anew for each rig (the solve reads them during the call only). */
const SOLVE: SolvePoseOptions = { torsoLean: 0 };
