/**
 * Whether a prop shape can be a physics collider. Polygons get the terrain polygon checks
 * (core/geometry/polygon.ts): convex, not degenerate; repeated and straight-through points are
 * cleaned away first, as for terrain, and corners the engine would merge are merged (a triangle
 * too flat to keep its apex is refused). Every shape must also be at least SCENE_LIMITS.minShapeExtent
 * thick (terrain pieces too, see io.ts): Rapier works in 32-bit floats, and a collinear hull makes it throw while coincident
 * points panic its WASM, which breaks the whole world.
 */
import { cleanPolygon, isConvex, isDegenerate, physicsPolygon, physicsPolygonProblem } from '../geometry/polygon';
import type { Vec2 } from '../geometry/vec';
import { SCENE_LIMITS } from '../scene/limits';

type Shape =
  | { kind: 'box'; size: Readonly<Vec2> }
  | { kind: 'circle'; radius: number }
  | { kind: 'capsule'; length: number; radius: number }
  | { kind: 'polygon'; points: readonly Readonly<Vec2>[] };

/**
 * The polygon as the physics engine will hold it (no repeated, straight-through or near-straight
 * points: see physicsPolygon), or the reason it cannot be a collider.
 */
export function checkPropPolygon(points: readonly Readonly<Vec2>[]): { points: Vec2[] } | { problem: string } {
  if (!points.every((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]))) return { problem: 'polygon points must be finite numbers' };
  const cleaned = cleanPolygon(points);
  if (isDegenerate(cleaned)) return { problem: 'polygon is degenerate (points are collinear or coincide)' };
  if (!isConvex(cleaned)) return { problem: 'polygon is not convex' };
  const min = SCENE_LIMITS.minShapeExtent;
  if (convexWidth(cleaned) < min) return { problem: `polygon is thinner than ${min} px` };
  const flat = physicsPolygonProblem(cleaned);
  if (flat) return { problem: flat };
  return { points: physicsPolygon(cleaned) };
}

/** Why `shape` cannot be a prop collider, or null when it can. */
export function propShapeProblem(shape: Shape): string | null {
  const min = SCENE_LIMITS.minShapeExtent;
  const tooSmall = (what: string, v: number) => (v >= min ? null : `${what} ${v} is smaller than ${min} px`);
  switch (shape.kind) {
    case 'box':
      return tooSmall('width', shape.size[0]) ?? tooSmall('height', shape.size[1]);
    case 'circle':
      return tooSmall('radius', shape.radius);
    case 'capsule':
      // Only the radius gives a capsule thickness; any length > 0 (the schema's rule) is fine.
      return tooSmall('radius', shape.radius);
    case 'polygon': {
      const checked = checkPropPolygon(shape.points);
      return 'problem' in checked ? checked.problem : null;
    }
  }
}

/**
 * Width of a convex polygon: the smallest, over its edges, of the farthest vertex distance
 * from that edge's line (a polygon's width is attained perpendicular to one of its edges).
 */
export function convexWidth(points: readonly Readonly<Vec2>[]): number {
  // Stays 0 when every edge has zero length (all points coincide, e.g. after rounding).
  let width = 0;
  let found = false;
  const n = points.length;
  for (let i = 0; i < n; i += 1) {
    const a = points[i];
    const b = points[(i + 1) % n];
    const ex = b[0] - a[0];
    const ey = b[1] - a[1];
    const l = Math.hypot(ex, ey);
    if (l === 0) continue;
    let far = 0;
    for (const p of points) far = Math.max(far, Math.abs(ex * (p[1] - a[1]) - ey * (p[0] - a[0])) / l);
    width = found ? Math.min(width, far) : far;
    found = true;
  }
  return width;
}
