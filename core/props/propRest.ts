/**
 * Is a prop at rest where it is authored? At t = 0 a prop hanging in the air falls and a ball on
 * a slope rolls, so a plan made from its authored position (a pickup's reach, a stand point) is an
 * estimate, not a verdict (issue 22: a ball in mid-air made the preview say the pickup would be
 * skipped while PLAY picked it up fine). Terrain only: a prop resting on another prop counts as
 * not at rest, which only makes a plan "uncertain", never wrong.
 */
import type { Vec2 } from '../geometry/vec';
import type { TerrainIndex } from '../terrain/terrainIndex';
import { propHalfExtents, type PropShape } from './resolve';

/** A gap this small (px) between the prop's lowest point and the ground is contact. */
const CONTACT_GAP = 2;
/** A ground normal tilted further than this (its x component) lets a ball roll. */
const ROLLING_TILT = 0.02;

export type PropRest =
  | { atRest: true }
  /** `settle`: where its centre comes down on the terrain below (null: nothing below, it leaves the stage). */
  | { atRest: false; why: 'falls' | 'rolls'; settle: Vec2 | null };

/** How far below its centre the prop's shape reaches at `rotation` (its rotated box's half height). */
export function lowestOffset(shape: PropShape, rotation: number): number {
  if (shape.kind === 'circle') return shape.radius;
  const [hx, hy] = propHalfExtents(shape);
  return Math.abs(hx * Math.sin(rotation)) + Math.abs(hy * Math.cos(rotation));
}

export function propRest(shape: PropShape, position: Readonly<Vec2>, rotation: number, terrain: TerrainIndex): PropRest {
  const below = lowestOffset(shape, rotation);
  const bottom = position[1] + below;
  const hit = terrain.probeDown(position[0], bottom - CONTACT_GAP, 1e7);
  if (!hit) return { atRest: false, why: 'falls', settle: null };
  if (hit.point[1] - bottom > CONTACT_GAP) return { atRest: false, why: 'falls', settle: [position[0], hit.point[1] - below] };
  if (shape.kind === 'circle' && Math.abs(hit.normal[0]) > ROLLING_TILT) return { atRest: false, why: 'rolls', settle: [position[0], position[1]] };
  return { atRest: true };
}
