/** walk_to decisions for one grounded step: arrive, blocked (wall or step too high), or move. */
import type { Vec2 } from '../geometry/vec';
import { MAX_STEP_HEIGHT } from '../terrain/constants';
import type { TerrainIndex } from '../terrain/terrainIndex';
import { ARRIVE_TOLERANCE, BODY_HALF_WIDTH } from './constants';
import { foothold } from './probes';
import type { ProbeDebug } from './types';

export type WalkDecision =
  | { kind: 'idle' }
  | { kind: 'arrived' }
  | { kind: 'blocked'; reason: 'wall' | 'step_too_high' }
  | { kind: 'move'; dx: number; dir: 1 | -1 };

/** Height above the ground at which the wall check looks: just above a climbable step. */
const WALL_PROBE_HEIGHT = MAX_STEP_HEIGHT + 4;

export function decideWalk(
  terrain: TerrainIndex,
  root: Readonly<Vec2>,
  targetX: number | null,
  maxStep: number,
  debug?: ProbeDebug,
): WalkDecision {
  if (targetX === null) return { kind: 'idle' };
  const remaining = targetX - root[0];
  if (Math.abs(remaining) <= ARRIVE_TOLERANCE) return { kind: 'arrived' };
  const dir: 1 | -1 = remaining > 0 ? 1 : -1;
  const dx = dir * Math.min(maxStep, Math.abs(remaining));
  // A wall: any non-walkable face within the body's half width ahead, above step height.
  const eye: Vec2 = [root[0], root[1] - WALL_PROBE_HEIGHT];
  const reach = BODY_HALF_WIDTH + Math.abs(dx);
  const wall = terrain.raycast(eye, [dir, 0], reach, (seg) => !seg.supporting);
  if (debug) debug.rays.push({ from: eye, to: wall ? wall.point : [eye[0] + dir * reach, eye[1]], hit: !!wall });
  if (wall) return { kind: 'blocked', reason: 'wall' };
  // A step up higher than the legs can take, where the front of the body would stand next.
  const ahead = foothold(terrain, root[0] + dx + dir * BODY_HALF_WIDTH, root[1], debug);
  if (ahead && root[1] - ahead.point[1] > MAX_STEP_HEIGHT) return { kind: 'blocked', reason: 'step_too_high' };
  return { kind: 'move', dx, dir };
}
