/** A right triangle: a slope up to the `rise` side. */
import { EARTH } from './earth';
import { boxSize, forRise } from './pieces';
import { defineTerrainShape, needsSize, sizeBox } from './shape';

export const ramp = defineTerrainShape({
  shape: 'ramp',
  extentKey: 'size',
  missing: needsSize,
  defaults: { size: [400, 200], rise: 'right' },
  localPieces(t) {
    const [w, h] = boxSize(t);
    // rise 'right': full-width bottom, vertical wall on the right, slope rising to the right.
    return [forRise(t, [[-w / 2, h / 2], [w / 2, h / 2], [w / 2, -h / 2]])];
  },
  localBox: sizeBox,
  fields: ['size', 'rise'],
  palette: { key: 'ramp', label: 'Ramp', spec: { shape: 'ramp', color: EARTH }, hint: 'Ramp rising to the right' },
});
