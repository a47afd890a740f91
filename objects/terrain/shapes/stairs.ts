/** `steps` equal steps up to the `rise` side: convex columns, a concave staircase outline. */
import { EARTH } from './earth';
import { boxSize, cleanPolygon, forRise, rect, stepCount } from './pieces';
import { defineTerrainShape, needsSize, sizeBox } from './shape';
import type { Vec2 } from '../../../core/geometry/vec';

export const stairs = defineTerrainShape({
  shape: 'stairs',
  extentKey: 'size',
  missing(t) {
    const issues = needsSize(t);
    if (t.steps === undefined) issues.push({ path: 'steps', message: 'stairs need a number of steps' });
    return issues;
  },
  defaults: { size: [400, 200], steps: 5, rise: 'right' },
  localPieces(t) {
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
  },
  /** The boundary of the columns' union, so interior column walls never appear as surfaces or drawn lines. */
  localOutline(t) {
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
  },
  localBox: sizeBox,
  fields: ['size', 'steps', 'rise'],
  palette: { key: 'stairs', label: 'Stairs', spec: { shape: 'stairs', color: EARTH }, hint: 'Five steps rising to the right' },
});
