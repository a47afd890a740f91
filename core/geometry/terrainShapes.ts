/**
 * Terrain object → polygons, through its shape's definition (objects/terrain/shapes), used by
 * the physics adapter (convex colliders), the renderer (outline) and terrain probing (surfaces).
 *
 * All returned polygons have POSITIVE signed area (see polygon.ts: clockwise on screen with
 * +Y down), so edge a→b has outward normal [e.y, -e.x]/|e|.
 */
import { type Aabb, polygonAabb, transformPoints } from './polygon';
import { fail, isFiniteVec } from '../../objects/terrain/shapes/pieces';
import { TERRAIN_SHAPES, type TerrainShapeName } from '../../objects/terrain/shapes';
import type { Vec2 } from './vec';

/**
 * Structural view of a terrain object of the scene document. Declared here (not imported from
 * core/scene) so geometry does not depend on the document schema; the schema's type satisfies it.
 */
export interface TerrainInput {
  readonly id: string;
  readonly shape: TerrainShapeName;
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

/** Convex pieces in LOCAL space (about `position`, before rotation): the shape's own geometry. */
export function terrainLocalPieces(t: TerrainInput): Vec2[][] {
  const def = Object.hasOwn(TERRAIN_SHAPES, t.shape) ? TERRAIN_SHAPES[t.shape] : undefined;
  if (!def) return fail(t, `unknown terrain shape "${String((t as { shape: unknown }).shape)}"`);
  return def.localPieces(t);
}

/**
 * Outer outline in LOCAL space: the boundary of the union of the pieces. Equal to the single
 * piece except where the shape says otherwise (stairs, a concave staircase), so interior walls
 * never appear as surfaces or drawn lines.
 */
export function terrainLocalOutline(t: TerrainInput): Vec2[] {
  const outline = TERRAIN_SHAPES[t.shape]?.localOutline;
  return outline ? outline(t) : terrainLocalPieces(t)[0];
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
