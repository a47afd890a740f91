/** walk_to decisions for one grounded step: arrive, blocked (wall or step too high), or move. */
import type { Vec2 } from '../geometry/vec';
import { MAX_STEP_HEIGHT } from '../terrain/constants';
import type { TerrainIndex } from '../terrain/terrainIndex';
import { ARRIVE_TOLERANCE, BODY_HALF_WIDTH } from './constants';
import { foothold } from './probes';
import { DEFAULT_LEG_EXTENSION } from '../rig/markers';
import type { RigProportions } from '../rig/proportions';
import type { ProbeDebug, WalkBlock } from './types';

export type WalkDecision =
  | { kind: 'idle' }
  | { kind: 'arrived' }
  | { kind: 'blocked'; reason: WalkBlock }
  | { kind: 'move'; dx: number; dir: 1 | -1 };

/** Height above the ground at which the wall check looks: just above a climbable step. */
const WALL_PROBE_HEIGHT = MAX_STEP_HEIGHT + 4;

/**
 * Where the upper body is, for the walk's wall checks (px above the root): the chest and the
 * head centre with the head's radius, and the top of the head. Terrain below `top` and above
 * step height in the body's path is in the way; terrain above it is walked under.
 */
export interface WalkBody {
  chest: number;
  head: number;
  headRadius: number;
  top: number;
}

/** The upper body of a stickman of these proportions, standing (legs at the default extension). */
export function walkBody(p: RigProportions): WalkBody {
  const neck = (p.upperLeg + p.lowerLeg) * DEFAULT_LEG_EXTENSION + p.torso;
  const head = neck + p.neckToHead;
  return { chest: neck - p.torso * 0.3, head, headRadius: p.headRadius, top: head + p.headRadius };
}

const notWalkable = (seg: { supporting: boolean }) => !seg.supporting;

export function decideWalk(
  terrain: TerrainIndex,
  root: Readonly<Vec2>,
  targetX: number | null,
  maxStep: number,
  debug?: ProbeDebug,
  body?: WalkBody,
): WalkDecision {
  if (targetX === null) return { kind: 'idle' };
  const remaining = targetX - root[0];
  if (Math.abs(remaining) <= ARRIVE_TOLERANCE) return { kind: 'arrived' };
  const dir: 1 | -1 = remaining > 0 ? 1 : -1;
  const dx = dir * Math.min(maxStep, Math.abs(remaining));
  const probe = (height: number, halfWidth: number): boolean => {
    const eye: Vec2 = [root[0], root[1] - height];
    const reach = halfWidth + Math.abs(dx);
    const wall = terrain.raycast(eye, [dir, 0], reach, notWalkable);
    if (debug) debug.rays.push({ from: eye, to: wall ? wall.point : [eye[0] + dir * reach, eye[1]], hit: !!wall });
    return !!wall;
  };
  // A wall: any non-walkable face within the body's half width ahead, above step height.
  if (probe(WALL_PROBE_HEIGHT, BODY_HALF_WIDTH)) return { kind: 'blocked', reason: 'wall' };
  if (body) {
    // The chest and the head run into terrain as the legs do (a floating block, a low ceiling's
    // edge), and so does anything between step height and the top of the head just ahead of
    // the head's front: an upward probe finds the underside of what the body would walk into.
    if (probe(body.chest, BODY_HALF_WIDTH) || probe(body.head, body.headRadius)) return { kind: 'blocked', reason: 'wall' };
    const x = root[0] + dir * (body.headRadius + Math.abs(dx));
    const from: Vec2 = [x, root[1] - WALL_PROBE_HEIGHT];
    const span = body.top - WALL_PROBE_HEIGHT;
    const over = terrain.raycast(from, [0, -1], span, notWalkable);
    if (debug) debug.rays.push({ from, to: over ? over.point : [x, from[1] - span], hit: !!over });
    if (over) return { kind: 'blocked', reason: 'wall' };
  }
  // A step up higher than the legs can take, where the front of the body would stand next.
  const ahead = foothold(terrain, root[0] + dx + dir * BODY_HALF_WIDTH, root[1], debug);
  if (ahead && root[1] - ahead.point[1] > MAX_STEP_HEIGHT) return { kind: 'blocked', reason: 'step_too_high' };
  return { kind: 'move', dx, dir };
}
