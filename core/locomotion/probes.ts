/** Terrain probes used by locomotion, recorded for the debug overlay when asked. */
import type { Vec2 } from '../geometry/vec';
import { CENTER_PROBE_OFFSETS, FOOT_PROBE_OFFSETS, probeFan, type FanSupport } from '../terrain/probeFan';
import { TERRAIN_PROBE_START_ABOVE, TERRAIN_SUPPORT_RANGE } from '../terrain/constants';
import type { SupportHit, TerrainIndex } from '../terrain/terrainIndex';
import type { ProbeDebug } from './types';

function record(debug: ProbeDebug | undefined, x: number, y0: number, max: number, hit: SupportHit | null): void {
  if (!debug) return;
  debug.rays.push({ from: [x, y0], to: [x, hit ? hit.point[1] : y0 + max], hit: !!hit });
  if (hit) debug.points.push([hit.point[0], hit.point[1]]);
}

/**
 * The first support below `yFrom`, unless it lies above `refY` behind a ceiling (a shelf or
 * overhang the rig is standing under): then the support under the ceiling, at or below `refY`.
 */
function reachableSupport(terrain: TerrainIndex, x: number, refY: number, yFrom: number, max: number, debug?: ProbeDebug): SupportHit | null {
  const hit = terrain.probeDown(x, yFrom, max);
  record(debug, x, yFrom, max, hit);
  if (!hit || hit.point[1] >= refY - 0.5) return hit;
  const rise = refY - hit.point[1];
  const ceiling = terrain.raycast([x, refY - 0.5], [0, -1], rise, (seg) => !seg.supporting);
  if (!ceiling) return hit;
  const below = terrain.probeDown(x, refY - 0.5, max - (refY - 0.5 - yFrom));
  record(debug, x, refY - 0.5, max - (refY - 0.5 - yFrom), below);
  return below;
}

/**
 * Ground under the root while grounded: the centre ray's surface when it hits, otherwise the
 * highest of the fan (standing on a step edge). Null when every centre ray misses: support lost.
 */
export function centerSupport(terrain: TerrainIndex, root: Readonly<Vec2>, debug?: ProbeDebug): SupportHit | null {
  const y0 = root[1] - TERRAIN_PROBE_START_ABOVE;
  const max = TERRAIN_PROBE_START_ABOVE + TERRAIN_SUPPORT_RANGE;
  const centre = reachableSupport(terrain, root[0], root[1], y0, max, debug);
  if (centre) return centre;
  let best: SupportHit | null = null;
  for (const off of CENTER_PROBE_OFFSETS) {
    if (off === 0) continue;
    const hit = reachableSupport(terrain, root[0] + off, root[1], y0, max, debug);
    if (hit && (!best || hit.point[1] < best.point[1])) best = hit;
  }
  return best;
}

/**
 * Swept landing check while descending (seed 6a §5.2): the highest centre-fan surface at or below
 * the root (1 px of tolerance) and no farther below than the normal support range plus this
 * step's downward displacement, so a fast fall cannot cross a thin ramp between two steps.
 */
export function landingSurface(terrain: TerrainIndex, root: Readonly<Vec2>, fallThisStep: number, debug?: ProbeDebug): FanSupport | null {
  const y0 = root[1] - 1;
  const max = 1 + landingReach(fallThisStep);
  const hit = probeFan(terrain, root[0], y0, CENTER_PROBE_OFFSETS, max);
  record(debug, root[0], y0, max, hit);
  return hit && hit.point[1] - root[1] <= landingReach(fallThisStep) ? hit : null;
}

/** How far below the root a landing surface may lie this step, px. */
export function landingReach(fallThisStep: number): number {
  return TERRAIN_SUPPORT_RANGE + Math.max(0, fallThisStep);
}

/** A foothold near `x`: the highest surface of the foot fan around the expected height. */
export function foothold(terrain: TerrainIndex, x: number, expectedY: number, debug?: ProbeDebug): SupportHit | null {
  const y0 = expectedY - TERRAIN_PROBE_START_ABOVE;
  const max = TERRAIN_PROBE_START_ABOVE + TERRAIN_SUPPORT_RANGE;
  const direct = reachableSupport(terrain, x, expectedY, y0, max, debug);
  if (direct) return direct;
  // Off an edge: the fan finds the nearest rim; the foot stands at `x` on that height.
  const hit = probeFan(terrain, x, y0, FOOT_PROBE_OFFSETS, max);
  record(debug, x, y0, max, hit);
  return hit ? { ...hit, point: [x, hit.point[1]] } : null;
}
