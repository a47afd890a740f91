/** The grips of the selected prop: a dot (filled for the primary grip) and a tick along the grip's direction. */
import { LINE_CSS, SIZE_CSS } from '../batches';
import { rgba } from '../color';
import { VIEW_STYLE } from '../viewStyle';
import type { OverlayLayer, Vec2 } from './layer';

export interface GripsInput {
  /** Stage px, direction in radians; the primary one is filled. */
  grips?: ReadonlyArray<{ id: string; position: Vec2; rotation: number; primary: boolean }>;
}

export const gripsLayer: OverlayLayer<GripsInput> = {
  name: 'grips',
  reads: ['grips'],
  draw({ grips }, pen) {
    if (!grips?.length) return;
    const gripColor = rgba(VIEW_STYLE.grip);
    const gripHollow = rgba('#ffffff', 0.9);
    const len = 16 * pen.css;
    for (const g of grips) {
      const [x, y] = g.position;
      pen.strokes.push(x, y, x + Math.cos(g.rotation) * len, y + Math.sin(g.rotation) * len, 1.25, gripColor, SIZE_CSS);
      pen.discs.push(x, y, 4.5, g.primary ? gripColor : gripHollow, SIZE_CSS | LINE_CSS, 1.5, gripColor);
    }
  },
};
