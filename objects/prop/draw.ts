/** A prop on the stage: its shape in its colours, or a missing asset's dashed stand-in. Render layer. */
import { boxCorners } from '../../core/geometry/hitTest';
import type { PropShape } from '../../core/props/resolve';
import { LINE_CSS, SIZE_CSS } from '../../render/batches';
import { rgba } from '../../render/color';
import { VIEW_STYLE } from '../../render/viewStyle';
import type { DrawLayer } from '../render/drawLayer';

type Vec2 = [number, number];

export function drawProp(L: DrawLayer, shape: PropShape, x: number, y: number, rot: number, fillColor: string, strokeColor: string): void {
  const fill = rgba(fillColor);
  const line = rgba(strokeColor);
  switch (shape.kind) {
    case 'box':
      L.boxes.push(x, y, shape.size[0] / 2, shape.size[1] / 2, rot, fill, LINE_CSS, 1.5, line, 1);
      break;
    case 'circle':
      L.discs.push(x, y, shape.radius, fill, LINE_CSS, 1.5, line, rot, 0.9);
      break;
    case 'capsule': {
      // Capsules lie along local Y: the cap centres are ±length/2 on it.
      const ax = -Math.sin(rot) * (shape.length / 2);
      const ay = Math.cos(rot) * (shape.length / 2);
      L.strokes.push(x - ax, y - ay, x + ax, y + ay, shape.radius, fill, LINE_CSS, 1.5, line);
      break;
    }
    case 'polygon': {
      L.tris.convex(shape.points, fill, x, y, rot);
      const c = Math.cos(rot);
      const s = Math.sin(rot);
      const pts = shape.points.map(([px, py]) => [x + px * c - py * s, y + px * s + py * c] as Vec2);
      L.strokes.polyline(pts, true, 0.75, line, SIZE_CSS);
      break;
    }
  }
}

/** A missing asset's stand-in: a pale box with a dashed outline (its label is drawn with the overlay). */
export function drawPlaceholder(L: DrawLayer, shape: PropShape, x: number, y: number, rot: number, fillColor: string): void {
  const [hx, hy] = shape.kind === 'box' ? [shape.size[0] / 2, shape.size[1] / 2] : [40, 40];
  L.boxes.push(x, y, hx, hy, rot, rgba(fillColor, 0.55));
  L.strokes.polyline(boxCorners({ center: [x, y], half: [hx, hy], rotation: rot }), true, 0.9, rgba(VIEW_STYLE.placeholder), SIZE_CSS, 6);
}
