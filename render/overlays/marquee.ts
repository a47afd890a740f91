/**
 * The marquee being dragged: solid while it selects what it encloses (dragged left to right),
 * dashed while it selects what it touches (right to left), the usual CAD convention.
 */
import { SIZE_CSS } from '../batches';
import { rgba } from '../color';
import { VIEW_STYLE } from '../viewStyle';
import type { OverlayLayer, Vec2 } from './layer';

export interface MarqueeInput {
  /** Stage px. */
  marquee?: { minX: number; minY: number; maxX: number; maxY: number; touch?: boolean } | null;
}

export const marqueeLayer: OverlayLayer<MarqueeInput> = {
  name: 'marquee',
  reads: ['marquee'],
  draw({ marquee: m }, pen) {
    if (!m) return;
    const corners: Vec2[] = [[m.minX, m.minY], [m.maxX, m.minY], [m.maxX, m.maxY], [m.minX, m.maxY]];
    pen.strokes.polyline(corners, true, 0.75, rgba(VIEW_STYLE.selection, 0.9), SIZE_CSS, m.touch ? 5 : 0);
  },
};
