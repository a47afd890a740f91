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
  const read = s.readProps;
  const all = !s.posesRead;
  s.world.readPoses(s.propIds, poses, s.posesRead, read);
  s.posesRead = true;
  moved.clear();
  // Only what moved is checked and listed (a non-finite pose always counts as moved). After the
  // first read only the poses just read can differ: a sleeping prop's was left as it was.
  const count = all ? s.propIds.length : read.length;
  for (let k = 0; k < count; k += 1) {
    const p = all ? k : read.at(k);
    if (!poseChangedSince(poses, last, p) && !all) continue;
    for (let j = p * 3; j < p * 3 + 3; j += 1) {
      if (!Number.isFinite(poses[j])) throw new NonFiniteStateError(s.propIds[p], j === p * 3 + 2 ? 'rotation' : 'position');
    }
    moved.push(p);
  }
  if (moved.length > 0) s.posesChanged += 1;
}
