/**
 * Terrain surfaces: the boundary edges of each terrain's outline, with outward normals and a
 * precomputed "supporting" flag. These are the only geometry terrain probing looks at.
 *
 * Edges come from the OUTLINE (boundary of the union of a terrain's convex pieces), not from
 * each piece: the walls shared by two adjacent stair columns are interior, so they are never
 * surfaces, and a probe that starts inside a staircase cannot stop on them.
 */
import { edgeOutwardNormal } from '../geometry/polygon';
import { type TerrainInput, terrainOutline } from '../geometry/terrainShapes';
import type { Vec2 } from '../geometry/vec';
import { SUPPORT_NORMAL_MIN_UP } from './constants';

export interface TerrainSegment {
  readonly a: Readonly<Vec2>;
  readonly b: Readonly<Vec2>;
  /** Unit outward normal (pointing out of the solid). */
  readonly normal: Readonly<Vec2>;
  readonly terrainId: string;
  /** Walkable ground: normal.y <= -SUPPORT_NORMAL_MIN_UP. */
  readonly supporting: boolean;
}

/** True for an outward normal facing up within 50° of vertical (+Y is down). */
export function isSupportingNormal(normal: Readonly<Vec2>): boolean {
  return normal[1] <= -SUPPORT_NORMAL_MIN_UP;
}

/** Raycast filter of the wall checks: only faces that are not walkable ground stop the ray. */
export const notSupporting = (seg: TerrainSegment): boolean => !seg.supporting;

/** Boundary segments of one terrain, in outline order. */
export function terrainSurfaces(t: TerrainInput): TerrainSegment[] {
  const outline = terrainOutline(t);
  const out: TerrainSegment[] = [];
  for (let i = 0; i < outline.length; i++) {
    const a = outline[i];
    const b = outline[(i + 1) % outline.length];
    const normal = edgeOutwardNormal(a, b);
    out.push({ a, b, normal, terrainId: t.id, supporting: isSupportingNormal(normal) });
  }
  return out;
}

/** Boundary segments of all terrains, in input order (this order is the tie-break order). */
export function collectSurfaces(terrains: readonly TerrainInput[]): TerrainSegment[] {
  return terrains.flatMap((t) => terrainSurfaces(t));
}

/**
 * Y of a non-vertical segment's line at x. The terrain index evaluates exactly this formula
 * (same operand order) so index and brute-force scans agree bit for bit.
 */
export function segmentYAtX(seg: TerrainSegment, x: number): number {
  const slope = (seg.b[1] - seg.a[1]) / (seg.b[0] - seg.a[0]);
  return seg.a[1] + (x - seg.a[0]) * slope;
}
