/**
 * Where a walk aimed at a stage point ends up: on the walkable surface under it, so a walk
 * target (and its flag) sits on the ground, never inside a platform or in the air.
 *
 * - a point in the air aims at the first walkable surface straight below it;
 * - a point inside solid terrain aims at the top of that solid (the nearest walkable surface
 *   above it), so a click on a platform's face walks onto the platform;
 * - with no walkable surface below (off the stage's terrain) the point is kept as clicked.
 *
 * Surfaces come from core/terrain's TerrainIndex of the document's terrain (the same surfaces a
 * stickman walks on), built once per terrain list.
 */
import { pointInConvexPolygon } from '../../core/geometry/polygon';
import { terrainConvexPieces } from '../../core/geometry/terrainShapes';
import { createTerrainIndex, type TerrainIndex } from '../../core/terrain/terrainIndex';
import type { SceneDocument, StageObject } from '../../core/scene/schema';
import { objectsOfKind } from '../../objects/core/models';

type Vec2 = [number, number];

export type WalkAim =
  /** The point was on (within a few px of) a walkable surface. */
  | 'surface'
  /** In the air: the target is on the ground below the point. */
  | 'below'
  /** Inside solid terrain: the target is on top of it. */
  | 'top'
  /** No walkable surface under the point: kept as it was. */
  | 'none';

export interface WalkTarget {
  target: Vec2;
  aim: WalkAim;
}

/** Px of slack within which a point counts as already on a surface. */
export const ON_SURFACE_PX = 4;
/** How far a probe looks (further than any stage is tall). */
const PROBE_RANGE = 1e7;

interface Surfaces {
  index: TerrainIndex;
  pieces: Vec2[][];
}

const cache = new WeakMap<readonly StageObject[], Surfaces | null>();

function surfacesOf(doc: SceneDocument): Surfaces | null {
  if (cache.has(doc.objects)) return cache.get(doc.objects)!;
  let built: Surfaces | null = null;
  try {
    const terrain = objectsOfKind(doc.objects, 'terrain');
    built = { index: createTerrainIndex(terrain), pieces: terrain.flatMap((t) => terrainConvexPieces(t)) };
  } catch {
    built = null; // terrain that cannot be built: walk targets stay where they were clicked
  }
  cache.set(doc.objects, built);
  return built;
}

/** The walk target for a click at `p` (rounded to whole px, as every stage point is). */
export function walkTargetAt(doc: SceneDocument, p: Readonly<Vec2>): WalkTarget {
  const clicked: Vec2 = [Math.round(p[0]) + 0, Math.round(p[1]) + 0];
  const s = surfacesOf(doc);
  if (!s || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) return { target: clicked, aim: 'none' };
  const x = p[0];
  const on = (y: number, aim: WalkAim): WalkTarget => ({ target: [clicked[0], Math.round(y) + 0], aim: Math.abs(y - p[1]) <= ON_SURFACE_PX ? 'surface' : aim });

  // Within a few px above a surface counts as on it (a click on the drawn ground line).
  const near = s.index.probeDown(x, p[1] - ON_SURFACE_PX, 2 * ON_SURFACE_PX);
  if (near) return on(near.point[1], 'surface');

  const inside = s.pieces.some((piece) => pointInConvexPolygon(p, piece));
  if (inside) {
    // The nearest walkable surface above: walk surface by surface from far above down to p.
    const from = p[1] - PROBE_RANGE;
    let top = s.index.probeDown(x, from, PROBE_RANGE);
    let last = null;
    while (top && top.point[1] <= p[1]) {
      last = top;
      const next = top.point[1] + 1e-6;
      top = s.index.probeDown(x, next, p[1] - next);
    }
    if (last) return on(last.point[1], 'top');
  }
  const below = s.index.probeDown(x, p[1], PROBE_RANGE);
  return below ? on(below.point[1], 'below') : { target: clicked, aim: 'none' };
}
