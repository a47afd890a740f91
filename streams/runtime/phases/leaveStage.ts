/**
 * The floor of the world (DESIGN.md §7 `left_stage`): an object that falls below the stage's
 * bottom edge by LEAVE_STAGE_MARGIN leaves play, once. Its bodies leave physics, its contact and
 * area bookkeeping is forgotten, and a stickman's current action finishes `blocked` and its queue
 * stops. Runs after the contacts so the event is dispatched in the step it happened.
 */
import { roundVec } from '../../trace/records';
import { leaveStage as leaveRig, propLost } from '../rig/requests';
import type { StepState } from '../stepState';

/** How far below the stage's bottom edge (px) an object must be to leave: a stickman's height. */
export const LEAVE_STAGE_MARGIN = 600;

export function leaveStage(s: StepState): void {
  const floor = s.doc.stage.height + LEAVE_STAGE_MARGIN;
  // Only a prop that moved this step can have crossed the floor (the first read lists every prop).
  for (let k = 0; k < s.movedProps.length; k += 1) {
    const i = s.movedProps.at(k);
    const id = s.propIds[i];
    const y = s.propPoses[i * 3 + 1];
    if (y <= floor || s.leftStage.has(id)) continue;
    const x = s.propPoses[i * 3];
    // Whoever holds it or reaches for it lets go (no prop event: it is gone, not dropped).
    for (const r of s.rigs) if (r.connection.interactor.propId === id) propLost(r);
    s.world.removeBody(id);
    forget(s, id);
    s.sink.events.push({ type: 'left_stage', source: id, target: null, position: roundVec([x, y]) });
  }
  for (const r of s.rigs) {
    const root = r.motion.root;
    const y = root[1];
    if (y <= floor || r.hasLeftStage) continue;
    const x = root[0];
    // The event first: the action it blocks finishes after it, as the cause precedes the effect.
    s.sink.events.push({ type: 'left_stage', source: r.id, target: null, position: roundVec([x, y]) });
    leaveRig(r);
    forget(s, r.id);
  }
}

function forget(s: StepState, id: string): void {
  s.leftStage.add(id);
  // Still "on stage" for this step's dispatch, so a rule on its own left_stage runs; gone after.
  s.leavingNow.push(id);
  s.stickmanPairs.purge(id);
  s.stickmanTouches.purge(id, s.rigs);
  s.stickmanAreas.purge(id);
  for (const occupants of s.areaOccupants.values()) occupants.delete(id);
}
