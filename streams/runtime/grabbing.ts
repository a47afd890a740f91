/**
 * The director's grab on a running stage (issue 8): which body is held, the pull each step, the
 * throw on let-go. Commands start, move and end it, so a grab is in the trace and replays.
 */
import { PART_NAMES, type PartName } from '../../core/rig/skeleton';
import type { WorldPose } from '../../core/rig/worldPose';
import type { Vec2 } from '../physics/entities';
import { extendTrail, letGoVelocity } from '../../core/geometry/letGoVelocity';
import { grab, letGo } from './rig/requests';
import { STEP_DT } from './stepDt';
import type { StepState } from './stepState';

export function startGrab(s: StepState, id: string, point: Vec2): void {
  endGrab(s);
  if (!Number.isFinite(point[0]) || !Number.isFinite(point[1])) {
    s.sink.warnings.push({ message: `grab: the point is not finite; skipped`, object: id });
    return;
  }
  if (s.leftStage.has(id)) {
    s.sink.warnings.push({ message: `grab: "${id}" has left the stage; skipped`, object: id });
    return;
  }
  const rig = s.rigById.get(id);
  let part: PartName | undefined;
  if (rig) {
    part = nearestPart(rig.worldPose, point);
    // A held stickman is a ragdoll (RAGDOLL.HELD), hanging from the part under the cursor.
    grab(rig);
  }
  if (!s.world.startGrab(id, part, point)) {
    if (rig) letGo(rig);
    s.sink.warnings.push({ message: `grab: nothing to hold on "${id}"; skipped`, object: id });
    return;
  }
  s.grab = { id, part, cursor: [point[0], point[1]], trail: [[point[0], point[1]]] };
}

/** Before the physics step: the cursor holding the grab moves to where the director points. */
export function applyGrab(s: StepState): void {
  const g = s.grab;
  if (!g) return;
  if (s.leftStage.has(g.id)) {
    endGrab(s);
    return;
  }
  s.world.moveGrab(g.cursor);
  extendTrail(g.trail, g.cursor);
}

export function endGrab(s: StepState): void {
  const g = s.grab;
  if (!g) return;
  s.grab = null;
  const rig = s.rigById.get(g.id);
  if (rig) letGo(rig);
  s.world.endGrab(letGoVelocity(g.trail, g.cursor, STEP_DT));
}

/** The part whose segment passes nearest `point`. */
export function nearestPart(pose: WorldPose, point: Vec2): PartName {
  let best: PartName = 'torso';
  let bestD = Infinity;
  for (const name of PART_NAMES) {
    const p = pose[name];
    const d = name === 'head' ? Math.max(0, Math.hypot(point[0] - p.end[0], point[1] - p.end[1]) - 60) : segmentDistance(point, p.start, p.end);
    if (d < bestD) {
      bestD = d;
      best = name;
    }
  }
  return best;
}

function segmentDistance(p: Vec2, a: Vec2, b: Vec2): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2)) : 0;
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}
