/** A throw's predicted arc and its raw, capped and contact points (the marks: render/throwGuide). */
import { drawThrowGuide, type ThrowGuideMarks } from '../throwGuide';
import type { OverlayLayer } from './layer';

export interface ThrowGuideInput {
  /** DIRECT and the action editors. */
  throwGuide?: ThrowGuideMarks | null;
}

export const throwGuideLayer: OverlayLayer<ThrowGuideInput> = {
  name: 'throw guide',
  reads: ['throwGuide'],
  draw({ throwGuide }, pen) {
    if (throwGuide) drawThrowGuide(throwGuide, pen.strokes, pen.discs, pen.labels, pen.css, pen.toScreen);
  },
};
