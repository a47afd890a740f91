/**
 * Probe fans: several parallel downward rays around a foot or the root. One ray can miss a
 * surface at a stair nosing or ramp apex; the fan takes the HIGHEST support among its rays,
 * so a foot half over a step edge stands on the step, not on the floor below it.
 */
import {
  CENTER_PROBE_OFFSETS,
  FOOT_PROBE_OFFSETS,
  TERRAIN_PROBE_START_ABOVE,
  TERRAIN_SUPPORT_RANGE,
} from './constants';
import type { SupportHit, TerrainIndex } from './terrainIndex';

// Re-exported so fan users import offsets and the fan from one place; defined in constants.ts.
export { CENTER_PROBE_OFFSETS, FOOT_PROBE_OFFSETS };

export interface FanSupport extends SupportHit {
  /** Stage-X offset (from the fan centre) of the ray that produced this support. */
  offset: number;
  /** How many rays of the fan found any support (1..offsets.length). */
  hitCount: number;
}

/**
 * Cast one downward probe at x + offset for each offset, from yFrom, up to maxDistance.
 * Returns the highest hit (smallest y; first offset wins a tie) with the number of rays that
 * hit, or null when no ray finds support.
 */
export function probeFan(
  index: TerrainIndex,
  x: number,
  yFrom: number,
  offsets: readonly number[],
  maxDistance: number,
): FanSupport | null {
  let bestY: number | null = null;
  let bestOffset = 0;
  let hitCount = 0;
  // Indexed loop, heights only, and an explicit result literal: this runs for every airborne
  // rig every step, and building each ray's hit would cost more than the probes themselves.
  for (let k = 0; k < offsets.length; k++) {
    const y = index.probeDownY(x + offsets[k], yFrom, maxDistance);
    if (y === null) continue;
    hitCount++;
    if (bestY === null || y < bestY) {
      bestY = y;
      bestOffset = offsets[k];
    }
  }
  if (bestY === null) return null;
  // The winning ray again, for its whole hit (the same query: the same answer).
  const best = index.probeDown(x + bestOffset, yFrom, maxDistance)!;
  return {
    point: best.point,
    normal: best.normal,
    distance: best.distance,
    terrainId: best.terrainId,
    offset: bestOffset,
    hitCount,
  };
}

/**
 * The fan with the standard reach around an EXPECTED surface height `expectedY` (a foot's or
 * the root's y): start TERRAIN_PROBE_START_ABOVE above it (so a raised step's top is found)
 * and look down to TERRAIN_SUPPORT_RANGE below it. Whether the result is close enough to
 * count as ground is the caller's rule.
 */
export function probeSupportAround(
  index: TerrainIndex,
  x: number,
  expectedY: number,
  offsets: readonly number[],
): FanSupport | null {
  return probeFan(
    index,
    x,
    expectedY - TERRAIN_PROBE_START_ABOVE,
    offsets,
    TERRAIN_PROBE_START_ABOVE + TERRAIN_SUPPORT_RANGE,
  );
}
