/** A missing prop asset's stand-in says what is missing, at its top-left corner. Reads only the frame. */
import { VIEW_STYLE } from '../viewStyle';
import { framePropBase, framePropCount } from '../../streams/frame/packedProps';
import type { OverlayLayer } from './layer';

export const placeholderLabelsLayer: OverlayLayer<object> = {
  name: 'placeholder labels',
  reads: [],
  draw(_input, pen) {
    for (let i = 0; i < framePropCount(pen.frame); i++) {
      const p = framePropBase(pen.frame, i);
      if (!p.placeholder) continue;
      const pose = pen.drawnProp(p.id);
      if (!pose || pose.shape.kind !== 'box') continue;
      const [sx, sy] = pen.toScreen([pose.x - pose.shape.size[0] / 2, pose.y - pose.shape.size[1] / 2]);
      pen.labels.push({ x: sx + 2, y: sy - 16, text: `missing ${p.spawn_id}`, color: VIEW_STYLE.placeholder });
    }
  },
};
