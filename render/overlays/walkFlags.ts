/** DIRECT's walk targets: a cross on the ground with a flag above it and its label. */
import { LINE_CSS, SIZE_CSS } from '../batches';
import { rgba } from '../color';
import { VIEW_STYLE } from '../viewStyle';
import type { OverlayLayer, Vec2 } from './layer';

export interface WalkFlagsInput {
  /**
   * `from`: where the pointer aimed when the target was snapped onto the ground away from it (a
   * dotted drop line joins them).
   */
  walkTargets?: ReadonlyArray<{ rigId: string; position: Vec2; label?: string; from?: Vec2 | null }>;
}

export const walkFlagsLayer: OverlayLayer<WalkFlagsInput> = {
  name: 'walk flags',
  reads: ['walkTargets'],
  draw({ walkTargets }, pen) {
    if (!walkTargets?.length) return;
    const { strokes: S, discs: D, css } = pen;
    const wt = rgba(VIEW_STYLE.walkTarget);
    const pole = rgba('#343a40');
    for (const w of walkTargets) {
      const [x, y] = w.position;
      const c = 6 * css;
      if (w.from && Math.hypot(w.from[0] - x, w.from[1] - y) > 8 * css) {
        // Aimed elsewhere (the sky, inside a platform): a dotted line from the pointer down to the flag.
        S.push(w.from[0], w.from[1], x, y, 0.75, wt, SIZE_CSS, 0, wt, 5);
        D.push(w.from[0], w.from[1], 3, rgba('#ffffff'), SIZE_CSS | LINE_CSS, 1.5, wt);
      }
      S.push(x - c, y - c, x + c, y + c, 1.5, wt, SIZE_CSS);
      S.push(x - c, y + c, x + c, y - c, 1.5, wt, SIZE_CSS);
      const top = y - 34 * css;
      S.push(x, y, x, top, 1, pole, SIZE_CSS);
      S.push(x + 1 * css, top + 5 * css, x + 13 * css, top + 5 * css, 5, wt, SIZE_CSS);
      if (w.label) {
        const [sx, sy] = pen.toScreen([x, top]);
        pen.labels.push({ x: sx + 20, y: sy - 2, text: w.label, color: VIEW_STYLE.walkTarget });
      }
    }
  },
};
