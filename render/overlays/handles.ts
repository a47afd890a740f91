/** The selection's draggable dots: rotate (orange), resize corners and pose markers. */
import { LINE_CSS, SIZE_CSS } from '../batches';
import { rgba } from '../color';
import { VIEW_STYLE } from '../viewStyle';
import type { OverlayLayer, Vec2 } from './layer';

export interface HandlesInput {
  /** Stage px. */
  handles?: ReadonlyArray<{ id: string; kind: 'rotate' | 'resize' | 'marker'; position: Vec2 }>;
}

/**
 * A pose dot's radius in CSS px: 5 from 45 % zoom up, shrinking to 3.5 at 20 % and below, so the
 * five dots of a stickman at the fitted default zoom (about 20 % on the demo) stay apart instead of
 * covering each other (the hit test picks the nearest dot, so smaller dots lose no reach).
 */
export function markerDotRadius(zoom: number): number {
  const t = Math.min(1, Math.max(0, (zoom - 0.2) / 0.25));
  return 3.5 + 1.5 * t;
}

export const handlesLayer: OverlayLayer<HandlesInput> = {
  name: 'handles',
  reads: ['handles'],
  draw({ handles }, pen) {
    if (!handles?.length) return;
    const D = pen.discs;
    const sel = rgba(VIEW_STYLE.selection);
    const white = rgba('#ffffff');
    const marker = markerDotRadius(1 / pen.css);
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
          D.push(x, y, marker, sel, SIZE_CSS | LINE_CSS, marker > 4 ? 1.5 : 1, white);
          break;
      }
    }
  },
};
