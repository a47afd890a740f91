/**
 * Grid snapping for placing, moving and resizing. The grid is in stage px, a fifth of the drawn
 * background grid (render VIEW_STYLE.gridStep), so snapped edges line up with the lines drawn.
 */
type Vec2 = [number, number];

/** Stage px between snap points. */
export const GRID_SIZE = 20;

/** `v` on the nearest grid line. */
export function snapValue(v: number, size = GRID_SIZE): number {
  return Math.round(v / size) * size + 0;
}

/** `p` on the nearest grid point. */
export function snapPoint(p: Readonly<Vec2>, size = GRID_SIZE): Vec2 {
  return [snapValue(p[0], size), snapValue(p[1], size)];
}

/** `p` snapped when `on`, else rounded to whole px (what every drag writes). */
export function gridPoint(p: Readonly<Vec2>, on: boolean, size = GRID_SIZE): Vec2 {
  return on ? snapPoint(p, size) : [Math.round(p[0]) + 0, Math.round(p[1]) + 0];
}
