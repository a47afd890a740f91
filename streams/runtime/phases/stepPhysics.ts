/**
 * Phase 3 (DESIGN.md §6): `world.step(eventQueue)`, then every prop's pose is read back once and
 * checked: a non-finite position stops the run naming the prop (DESIGN.md §9).
 */
import { NonFiniteStateError, flushNotes, type StepState } from '../stepState';

export function stepPhysics(s: StepState): void {
  s.world.step();
  flushNotes(s);
  readPropPoses(s);
}

export function readPropPoses(s: StepState): void {
  const poses = s.propPoses;
  s.world.readPoses(s.propIds, poses, s.posesRead);
  s.posesRead = true;
  for (let i = 0; i < poses.length; i += 1) {
    if (!Number.isFinite(poses[i])) throw new NonFiniteStateError(s.propIds[Math.floor(i / 3)], i % 3 === 2 ? 'rotation' : 'position');
  }
}
