/**
 * Phase 3 (DESIGN.md §6): `world.step(eventQueue)`, then every prop's pose is read back once and
 * checked: a non-finite position stops the run naming the prop (DESIGN.md §9). The props whose
 * pose changed are listed for the phases and the frame after it.
 */
import { NonFiniteStateError, flushNotes, type StepState } from '../stepState';
import { poseChangedSince } from '../posesSince';

export function stepPhysics(s: StepState): void {
  s.world.step();
  flushNotes(s);
  readPropPoses(s);
}

export function readPropPoses(s: StepState): void {
  const poses = s.propPoses;
  const last = s.lastReadPoses;
  const moved = s.movedProps;
  const all = !s.posesRead;
  s.world.readPoses(s.propIds, poses, s.posesRead);
  s.posesRead = true;
  moved.clear();
  // Only what moved is checked and listed (a non-finite pose always counts as moved).
  for (let p = 0; p < s.propIds.length; p += 1) {
    if (!poseChangedSince(poses, last, p) && !all) continue;
    for (let k = p * 3; k < p * 3 + 3; k += 1) {
      if (!Number.isFinite(poses[k])) throw new NonFiniteStateError(s.propIds[p], k === p * 3 + 2 ? 'rotation' : 'position');
    }
    moved.push(p);
  }
}
