/**
 * Terrain probes used by locomotion, recorded for the debug overlay when asked. They answer the
 * support's height (stage y) or null: every caller stands something on it and needs no more, and
 * the rig runs a dozen of them a step.
 */
import type { Vec2 } from '../geometry/vec';
import { CENTER_PROBE_OFFSETS, FOOT_PROBE_OFFSETS, probeFan, type FanSupport } from '../terrain/probeFan';
import { TERRAIN_PROBE_START_ABOVE, TERRAIN_SUPPORT_RANGE } from '../terrain/constants';
import { notSupporting } from '../terrain/surfaces';
import type { TerrainIndex } from '../terrain/terrainIndex';
import type { ProbeDebug } from './types';

/** Records one downward probe from (x, y0) of length `max` that found the point (hitX, hitY), or nothing (hitY null). */
function record(debug: ProbeDebug | undefined, x: number, y0: number, max: number, hitX: number, hitY: number | null): void {
  if (!debug) return;
  debug.rays.push({ from: [x, y0], to: [x, hitY !== null ? hitY : y0 + max], hit: hitY !== null });
  if (hitY !== null) debug.points.push([hitX, hitY]);
}

/**
 * The first support below `yFrom`, unless it lies above `refY` behind a ceiling (a shelf or
 * overhang the rig is standing under): then the support under the ceiling, at or below `refY`.
 */
function reachableSupport(terrain: TerrainIndex, x: number, refY: number, yFrom: number, max: number, debug?: ProbeDebug): number | null {
  const hit = terrain.probeDownY(x, yFrom, max);
  record(debug, x, yFrom, max, x, hit);
  if (hit === null || hit >= refY - 0.5) return hit;
  const rise = refY - hit;
  // Straight up: raycast's direction [0, -1] has length 1.
  const ceiling = terrain.rayDistance(x, refY - 0.5, 0, -1, rise, notSupporting);
  if (ceiling === null) return hit;
  const below = terrain.probeDownY(x, refY - 0.5, max - (refY - 0.5 - yFrom));
  record(debug, x, refY - 0.5, max - (refY - 0.5 - yFrom), x, below);
  return below;
}

/**
 * Ground height under the root while grounded: the centre ray's surface when it hits, otherwise
 * the highest of the fan (standing on a step edge). Null when every centre ray misses: support lost.
 */
export function centerSupport(terrain: TerrainIndex, root: Readonly<Vec2>, debug?: ProbeDebug): number | null {
  const y0 = root[1] - TERRAIN_PROBE_START_ABOVE;
  const max = TERRAIN_PROBE_START_ABOVE + TERRAIN_SUPPORT_RANGE;
  const centre = reachableSupport(terrain, root[0], root[1], y0, max, debug);
  if (centre !== null) return centre;
  let best: number | null = null;
  for (let k = 0; k < CENTER_PROBE_OFFSETS.length; k++) {
    const off = CENTER_PROBE_OFFSETS[k];
    if (off === 0) continue;
    const hit = reachableSupport(terrain, root[0] + off, root[1], y0, max, debug);
    if (hit !== null && (best === null || hit < best)) best = hit;
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
  if (hit) record(debug, root[0], y0, max, hit.point[0], hit.point[1]);
  else record(debug, root[0], y0, max, 0, null);
  return hit && hit.point[1] - root[1] <= landingReach(fallThisStep) ? hit : null;
}

/** How far below the root a landing surface may lie this step, px. */
export function landingReach(fallThisStep: number): number {
  return TERRAIN_SUPPORT_RANGE + Math.max(0, fallThisStep);
}

/** The height of a foothold near `x`: the highest surface of the foot fan around the expected height. */
export function foothold(terrain: TerrainIndex, x: number, expectedY: number, debug?: ProbeDebug): number | null {
  const y0 = expectedY - TERRAIN_PROBE_START_ABOVE;
  const max = TERRAIN_PROBE_START_ABOVE + TERRAIN_SUPPORT_RANGE;
  const direct = reachableSupport(terrain, x, expectedY, y0, max, debug);
  if (direct !== null) return direct;
  // Off an edge: the fan finds the nearest rim; the foot stands at `x` on that height.
  const hit = probeFan(terrain, x, y0, FOOT_PROBE_OFFSETS, max);
  if (!hit) {
    record(debug, x, y0, max, 0, null);
    return null;
  }
  record(debug, x, y0, max, hit.point[0], hit.point[1]);
  return hit.point[1];
}
