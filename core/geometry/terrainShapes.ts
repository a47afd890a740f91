/**
 * Terrain object → polygons. One source of truth for the shape of every terrain kind, used by
 * the physics adapter (convex colliders), the renderer (outline) and terrain probing (surfaces).
 *
 * All returned polygons have POSITIVE signed area (see polygon.ts: clockwise on screen with
 * +Y down), so edge a→b has outward normal [e.y, -e.x]/|e|.
 */
import { type Aabb, cleanPolygon, ensureWinding, isConvex, isDegenerate, physicsPolygon, physicsPolygonProblem, polygonAabb, transformPoints } from './polygon';
import type { Vec2 } from './vec';

/**
 * Structural view of a terrain object of the scene document. Declared here (not imported from
 * core/scene) so geometry does not depend on the document schema; the schema's type satisfies it.
 */
export interface TerrainInput {
  readonly id: string;
  readonly shape: 'block' | 'ramp' | 'stairs' | 'polygon';
  /** Centre of the bounding box; for `polygon`, the origin of the local `points`. */
  readonly position: Readonly<Vec2>;
  /** [width, height] for block, ramp and stairs. */
  readonly size?: Readonly<Vec2>;
  /** Radians about `position`, standard matrix (clockwise on screen with +Y down). Default 0. */
  readonly rotation?: number;
  /** Ramp / stairs: which side is HIGH. Default 'right'. */
  readonly rise?: 'left' | 'right';
  /** Stairs: number of steps, integer >= 1. */
  readonly steps?: number;
  /** Polygon: local points, convex, any winding. */
  readonly points?: readonly Readonly<Vec2>[];
}

function fail(t: TerrainInput, reason: string): never {
  throw new Error(`terrain "${t.id}" (${t.shape}): ${reason}`);
}

function isFiniteVec(v: Readonly<Vec2> | undefined): v is Readonly<Vec2> {
  return v !== undefined && Number.isFinite(v[0]) && Number.isFinite(v[1]);
}

/** Validated [w, h] for the box-based shapes. */
function boxSize(t: TerrainInput): [number, number] {
  if (!isFiniteVec(t.size) || !(t.size[0] > 0) || !(t.size[1] > 0)) {
    fail(t, `size must be two finite numbers > 0, got ${JSON.stringify(t.size)}`);
  }
  return [t.size[0], t.size[1]];
}

function stepCount(t: TerrainInput): number {
  const n = t.steps;
  if (n === undefined || !Number.isInteger(n) || n < 1) fail(t, `steps must be an integer >= 1, got ${String(n)}`);
  return n;
}

/** Mirror x for rise 'left' (geometry is authored for rise 'right'), restoring positive winding. */
function forRise(t: TerrainInput, points: Vec2[]): Vec2[] {
  const mirrored = t.rise === 'left' ? points.map((p) => [-p[0], p[1]] as Vec2) : points;
  return ensureWinding(mirrored, 1);
}

function rect(x0: number, y0: number, x1: number, y1: number): Vec2[] {
  // Listed so the shoelace area is positive: (x0,y0) top-left → (x1,y0) → (x1,y1) → (x0,y1).
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
}

/** Validated, cleaned local polygon points for shape 'polygon', as the physics engine will hold them. */
function localPolygon(t: TerrainInput): Vec2[] {
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

/** Convex pieces in LOCAL space (about `position`, before rotation). */
export function terrainLocalPieces(t: TerrainInput): Vec2[][] {
  switch (t.shape) {
    case 'block': {
      const [w, h] = boxSize(t);
      return [rect(-w / 2, -h / 2, w / 2, h / 2)];
    }
    case 'ramp': {
      const [w, h] = boxSize(t);
      // rise 'right': full-width bottom, vertical wall on the right, slope rising to the right.
      return [forRise(t, [[-w / 2, h / 2], [w / 2, h / 2], [w / 2, -h / 2]])];
    }
    case 'stairs': {
      const [w, h] = boxSize(t);
      const n = stepCount(t);
      const pieces: Vec2[][] = [];
      for (let i = 0; i < n; i++) {
        // Column i (0 = low end) spans [x_i, x_{i+1}] and is h*(i+1)/n tall, on the box bottom.
        const x0 = -w / 2 + (w * i) / n;
        const x1 = -w / 2 + (w * (i + 1)) / n;
        const top = h / 2 - (h * (i + 1)) / n;
        pieces.push(forRise(t, rect(x0, top, x1, h / 2)));
      }
      return pieces;
    }
    case 'polygon':
      return [localPolygon(t)];
    default:
      return fail(t, `unknown terrain shape "${String((t as { shape: unknown }).shape)}"`);
  }
}

/**
 * Outer outline in LOCAL space: the boundary of the union of the pieces. Equal to the single
 * piece except for stairs, where it is the (concave) staircase, so interior column walls
 * never appear as surfaces or drawn lines.
 */
export function terrainLocalOutline(t: TerrainInput): Vec2[] {
  if (t.shape !== 'stairs') return terrainLocalPieces(t)[0];
  const [w, h] = boxSize(t);
  const n = stepCount(t);
  const xAt = (i: number): number => -w / 2 + (w * i) / n;
  const topOf = (i: number): number => h / 2 - (h * (i + 1)) / n;
  // rise 'right': bottom edge, then up the high wall and down the steps toward the low end.
  const pts: Vec2[] = [
    [-w / 2, h / 2],
    [w / 2, h / 2],
  ];
  for (let i = n - 1; i >= 0; i--) {
    pts.push([xAt(i + 1), topOf(i)], [xAt(i), topOf(i)]);
  }
  return cleanPolygon(forRise(t, pts));
}

function checkPlacement(t: TerrainInput): void {
  if (!isFiniteVec(t.position)) fail(t, `position must be two finite numbers, got ${JSON.stringify(t.position)}`);
  if (t.rotation !== undefined && !Number.isFinite(t.rotation)) fail(t, 'rotation must be finite');
}

function toStage(t: TerrainInput, local: Vec2[]): Vec2[] {
  return transformPoints(local, t.rotation ?? 0, t.position);
}

/**
 * Convex pieces in STAGE coordinates (rotation about `position`, then translation):
 * block → 1 rectangle, ramp → 1 triangle, stairs → `steps` rectangles (low end first),
 * polygon → the polygon. Throws an Error naming the id for invalid input.
 */
export function terrainConvexPieces(t: TerrainInput): Vec2[][] {
  checkPlacement(t);
  return terrainLocalPieces(t).map((piece) => toStage(t, piece));
}

/** Outer outline in STAGE coordinates (one polygon; concave for stairs). */
export function terrainOutline(t: TerrainInput): Vec2[] {
  checkPlacement(t);
  return toStage(t, terrainLocalOutline(t));
}

/** Stage-space bounding box of the terrain (of its outline, so rotation is accounted for). */
export function terrainBounds(t: TerrainInput): Aabb {
  return polygonAabb(terrainOutline(t));
}
