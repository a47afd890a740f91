/**
 * The building blocks every terrain shape's geometry is made of, and the error every one of
 * them throws (naming the terrain and its shape), so a bad terrain reads the same whatever its
 * shape. Core layer.
 */
import { cleanPolygon, ensureWinding, isConvex, isDegenerate, physicsPolygon, physicsPolygonProblem } from '../../../core/geometry/polygon';
import type { TerrainInput } from '../../../core/geometry/terrainShapes';
import type { Vec2 } from '../../../core/geometry/vec';

export function fail(t: TerrainInput, reason: string): never {
  throw new Error(`terrain "${t.id}" (${t.shape}): ${reason}`);
}

export function isFiniteVec(v: Readonly<Vec2> | undefined): v is Readonly<Vec2> {
  return v !== undefined && Number.isFinite(v[0]) && Number.isFinite(v[1]);
}

/** Validated [w, h] for the box-based shapes. */
export function boxSize(t: TerrainInput): [number, number] {
  if (!isFiniteVec(t.size) || !(t.size[0] > 0) || !(t.size[1] > 0)) {
    fail(t, `size must be two finite numbers > 0, got ${JSON.stringify(t.size)}`);
  }
  return [t.size[0], t.size[1]];
}

export function stepCount(t: TerrainInput): number {
  const n = t.steps;
  if (n === undefined || !Number.isInteger(n) || n < 1) fail(t, `steps must be an integer >= 1, got ${String(n)}`);
  return n;
}

/** Mirror x for rise 'left' (geometry is authored for rise 'right'), restoring positive winding. */
export function forRise(t: TerrainInput, points: Vec2[]): Vec2[] {
  const mirrored = t.rise === 'left' ? points.map((p) => [-p[0], p[1]] as Vec2) : points;
  return ensureWinding(mirrored, 1);
}

export function rect(x0: number, y0: number, x1: number, y1: number): Vec2[] {
  // Listed so the shoelace area is positive: (x0,y0) top-left → (x1,y0) → (x1,y1) → (x0,y1).
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
}

/** Validated, cleaned local polygon points for shape 'polygon', as the physics engine will hold them. */
export function localPolygon(t: TerrainInput): Vec2[] {
  const pts = t.points;
  if (!pts || pts.length < 3) fail(t, `polygon needs at least 3 points, got ${pts ? pts.length : 0}`);
  if (!pts.every((p) => isFiniteVec(p))) fail(t, 'polygon points must be finite numbers');
  const cleaned = cleanPolygon(pts);
  if (isDegenerate(cleaned)) fail(t, 'polygon is degenerate (points are collinear or coincide)');
  if (!isConvex(cleaned)) fail(t, 'polygon is not convex');
  // The shape the physics engine will hold (near-straight corners merged), so what is drawn and probed is what collides.
  const problem = physicsPolygonProblem(cleaned);
  if (problem) fail(t, problem);
  return ensureWinding(physicsPolygon(cleaned), 1);
}

export { cleanPolygon };
