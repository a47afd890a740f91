/**
 * Phase 3 (DESIGN.md §6): `world.step(eventQueue)`, then every prop's pose is read back once and
 * checked: a non-finite position stops the run naming the prop (DESIGN.md §9). The props whose
 * pose changed are listed for the phases and the frame after it.
 */
import { NonFiniteStateError, flushNotes, type StepState } from '../stepState';

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
  // A flat compare against the last read (NaN never equals it): only what moved is checked and listed.
  for (let i = 0; i < poses.length; i += 3) {
    if (!all && poses[i] === last[i] && poses[i + 1] === last[i + 1] && poses[i + 2] === last[i + 2]) continue;
    for (let k = i; k < i + 3; k += 1) {
      if (!Number.isFinite(poses[k])) throw new NonFiniteStateError(s.propIds[i / 3], k === i + 2 ? 'rotation' : 'position');
    }
    last[i] = poses[i];
    last[i + 1] = poses[i + 1];
    last[i + 2] = poses[i + 2];
    moved.push(i / 3);
  }
}
