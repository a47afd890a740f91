/** A solid rectangle: the ground and every platform. */
import { boxSize, rect } from './pieces';
import { defineTerrainShape, needsSize, sizeBox } from './shape';

export const block = defineTerrainShape({
  shape: 'block',
  extentKey: 'size',
  missing: needsSize,
  defaults: { size: [400, 100] },
  localPieces(t) {
    const [w, h] = boxSize(t);
    return [rect(-w / 2, -h / 2, w / 2, h / 2)];
  },
  localBox: sizeBox,
  fields: ['size'],
  palette: { key: 'block', label: 'Block', spec: { shape: 'block' }, hint: 'Solid ground block, 400×100' },
});
