/** walk_to decisions for one grounded step: arrive, blocked (wall or step too high), or move. */
import type { Vec2 } from '../geometry/vec';
import { MAX_STEP_HEIGHT } from '../terrain/constants';
import { notSupporting } from '../terrain/surfaces';
import type { TerrainIndex } from '../terrain/terrainIndex';
import { ARRIVE_TOLERANCE, BODY_HALF_WIDTH } from './constants';
import { foothold } from './probes';
import { sameNumber } from './sameNumber';
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

/** The last body `walkBodyOf` built and the proportions' values it was built from. */
let cachedBody: { upperLeg: number; lowerLeg: number; torso: number; neckToHead: number; headRadius: number; body: Readonly<WalkBody> } | null = null;

/** `walkBody` for every grounded step: built again only when the proportions it reads differ by value. Shared: read only. */
export function walkBodyOf(p: RigProportions): Readonly<WalkBody> {
  const c = cachedBody;
  if (c !== null && sameNumber(c.upperLeg, p.upperLeg) && sameNumber(c.lowerLeg, p.lowerLeg) && sameNumber(c.torso, p.torso)
    && sameNumber(c.neckToHead, p.neckToHead) && sameNumber(c.headRadius, p.headRadius)) return c.body;
  const body = Object.freeze(walkBody(p));
  cachedBody = { upperLeg: p.upperLeg, lowerLeg: p.lowerLeg, torso: p.torso, neckToHead: p.neckToHead, headRadius: p.headRadius, body };
  return body;
}

const IDLE: WalkDecision = Object.freeze({ kind: 'idle' });
const ARRIVED: WalkDecision = Object.freeze({ kind: 'arrived' });
const WALL: WalkDecision = Object.freeze({ kind: 'blocked', reason: 'wall' });
const STEP_TOO_HIGH: WalkDecision = Object.freeze({ kind: 'blocked', reason: 'step_too_high' });

/**
 * Whether a horizontal ray from (x, y) along `dir` meets a non-walkable face within `reach`.
 * The overlay's record takes the hit point as raycast gives it.
 */
function wallAhead(terrain: TerrainIndex, x: number, y: number, dir: 1 | -1, reach: number, debug?: ProbeDebug): boolean {
  // raycast's direction [dir, 0] has length 1: the unit ray is the same ray.
  const hit = terrain.rayDistance(x, y, dir, 0, reach, notSupporting) !== null;
  if (debug) {
    const wall = terrain.raycast([x, y], [dir, 0], reach, notSupporting);
    debug.rays.push({ from: [x, y], to: wall ? wall.point : [x + dir * reach, y], hit: !!wall });
  }
  return hit;
}

/** The decision objects are shared (idle, arrived, blocked) or fresh (move): read, never written. */
export function decideWalk(
  terrain: TerrainIndex,
  root: Readonly<Vec2>,
  targetX: number | null,
  maxStep: number,
  debug?: ProbeDebug,
  body?: WalkBody,
): WalkDecision {
  if (targetX === null) return IDLE;
  const remaining = targetX - root[0];
  if (Math.abs(remaining) <= ARRIVE_TOLERANCE) return ARRIVED;
  const dir: 1 | -1 = remaining > 0 ? 1 : -1;
  const dx = dir * Math.min(maxStep, Math.abs(remaining));
  const travel = Math.abs(dx);
  // A wall: any non-walkable face within the body's half width ahead, above step height.
  if (wallAhead(terrain, root[0], root[1] - WALL_PROBE_HEIGHT, dir, BODY_HALF_WIDTH + travel, debug)) return WALL;
  if (body) {
    // The chest and the head run into terrain as the legs do (a floating block, a low ceiling's
    // edge), and so does anything between step height and the top of the head just ahead of
    // the head's front: an upward probe finds the underside of what the body would walk into.
    if (wallAhead(terrain, root[0], root[1] - body.chest, dir, BODY_HALF_WIDTH + travel, debug)
      || wallAhead(terrain, root[0], root[1] - body.head, dir, body.headRadius + travel, debug)) return WALL;
    const x = root[0] + dir * (body.headRadius + travel);
    const fromY = root[1] - WALL_PROBE_HEIGHT;
    const span = body.top - WALL_PROBE_HEIGHT;
    // Straight up: raycast's direction [0, -1] has length 1.
    const over = terrain.rayDistance(x, fromY, 0, -1, span, notSupporting) !== null;
    if (debug) {
      const hit = terrain.raycast([x, fromY], [0, -1], span, notSupporting);
      debug.rays.push({ from: [x, fromY], to: hit ? hit.point : [x, fromY - span], hit: !!hit });
    }
    if (over) return WALL;
  }
  // A step up higher than the legs can take, where the front of the body would stand next.
  const ahead = foothold(terrain, root[0] + dx + dir * BODY_HALF_WIDTH, root[1], debug);
  if (ahead !== null && root[1] - ahead > MAX_STEP_HEIGHT) return STEP_TOO_HIGH;
  return { kind: 'move', dx, dir };
}
