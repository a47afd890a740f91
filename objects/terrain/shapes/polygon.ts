/** Any convex polygon of local `points` about its position (drawn with the polygon tool or loaded). */
import { boxAroundPoints } from '../../../core/geometry/hitTest';
import { localPolygon } from './pieces';
import { defineTerrainShape } from './shape';
import type { Vec2 } from '../../../core/geometry/vec';

export const polygon = defineTerrainShape({
  shape: 'polygon',
  extentKey: 'points',
  missing: (t) => (t.points ? [] : [{ path: 'points', message: 'a polygon terrain needs points' }]),
  defaults: { points: [[-100, 50], [100, 50], [0, -50]] },
  localPieces: (t) => [localPolygon(t)],
  // Its points are its extent: no corners to drag, and its handle does not turn it.
  localBox(t) {
    const b = boxAroundPoints((t.points ?? []).map((p) => [p[0], p[1]] as Vec2));
    return b ? { center: b.center, half: b.half, rotatable: false, resizable: false } : null;
  },
  fields: [],
});
