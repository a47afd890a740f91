/** The selection's draggable dots: rotate (orange), resize corners and pose markers. */
import { LINE_CSS, SIZE_CSS } from '../batches';
import { rgba } from '../color';
import { VIEW_STYLE } from '../viewStyle';
import type { OverlayLayer, Vec2 } from './layer';

export interface HandlesInput {
  /** Stage px. */
  handles?: ReadonlyArray<{ id: string; kind: 'rotate' | 'resize' | 'marker'; position: Vec2 }>;
}

export const handlesLayer: OverlayLayer<HandlesInput> = {
  name: 'handles',
  reads: ['handles'],
  draw({ handles }, pen) {
    if (!handles?.length) return;
    const D = pen.discs;
    const sel = rgba(VIEW_STYLE.selection);
    const white = rgba('#ffffff');
    for (const h of handles) {
      const [x, y] = h.position;
      switch (h.kind) {
        case 'rotate':
          D.push(x, y, 5.5, white, SIZE_CSS | LINE_CSS, 2, rgba(VIEW_STYLE.rotateHandle));
          break;
        case 'resize':
          D.push(x, y, 5, white, SIZE_CSS | LINE_CSS, 2, sel);
          break;
        case 'marker':
          D.push(x, y, 5, sel, SIZE_CSS | LINE_CSS, 1.5, white);
          break;
      }
    }
  },
};
