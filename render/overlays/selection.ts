/**
 * The selection: an outline following each selected object's drawn shape, a lighter one on the
 * hovered object, and the dashed box around a multi-selection (its rotate handle sits above it).
 */
import { LINE_CSS, SIZE_CSS } from '../batches';
import { rgba, TRANSPARENT, type RGBA } from '../color';
import { boxCorners } from '../../core/geometry/hitTest';
import { VIEW_STYLE } from '../viewStyle';
import type { OverlayLayer, OverlayPen, Vec2 } from './layer';

export interface SelectionInput {
  selectedIds: readonly string[];
  /** Lighter outline. */
  hoverId?: string | null;
  /** The box around a multi-selection. */
  groupBox?: { center: Vec2; half: Vec2; rotation: number } | null;
}

/** An outline around `id` as drawn this frame. `hw` is a CSS px half-width. */
function outlineObject(pen: OverlayPen, id: string, color: RGBA, hw: number): void {
  const S = pen.strokes;
  const pad = 5 * pen.css;

  const pose = pen.drawnProp(id);
  if (pose) {
    const { x, y, rotation: rot, shape } = pose;
    if (shape.kind === 'circle') {
      pen.discs.push(x, y, shape.radius + pad, TRANSPARENT, LINE_CSS, 2 * hw, color);
    } else if (shape.kind === 'capsule') {
      const ax = -Math.sin(rot) * (shape.length / 2);
      const ay = Math.cos(rot) * (shape.length / 2);
      S.push(x - ax, y - ay, x + ax, y + ay, shape.radius + pad, TRANSPARENT, LINE_CSS, 2 * hw, color);
    } else {
      let ex: number;
      let ey: number;
      if (shape.kind === 'box') {
        ex = shape.size[0] / 2;
        ey = shape.size[1] / 2;
      } else {
        ex = 0;
        ey = 0;
        for (const [px, py] of shape.points) {
          ex = Math.max(ex, Math.abs(px));
          ey = Math.max(ey, Math.abs(py));
        }
      }
      ex += pad;
      ey += pad;
      const c = Math.cos(rot);
      const s = Math.sin(rot);
      const corner = (lx: number, ly: number): Vec2 => [x + lx * c - ly * s, y + lx * s + ly * c];
      S.polyline([corner(-ex, -ey), corner(ex, -ey), corner(ex, ey), corner(-ex, ey)], true, hw, color, SIZE_CSS);
    }
    return;
  }
  const box = pen.drawnRig(id);
  if (box) {
    const x0 = box.minX - pad;
    const y0 = box.minY - pad;
    const x1 = box.maxX + pad;
    const y1 = box.maxY + pad;
    S.polyline([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], true, hw, color, SIZE_CSS);
    return;
  }
  const area = pen.index.areas.get(id);
  if (area) {
    const [cx, cy] = area.position;
    S.polyline(boxCorners({ center: [cx, cy], half: [area.size[0] / 2 + pad, area.size[1] / 2 + pad], rotation: area.rotation }), true, hw, color, SIZE_CSS);
    return;
  }
  const terrain = pen.index.terrain.get(id);
  if (terrain) S.polyline(terrain.outline, true, hw + 0.5, color, SIZE_CSS);
}

export const selectionLayer: OverlayLayer<SelectionInput> = {
  name: 'selection',
  reads: ['selectedIds', 'hoverId', 'groupBox'],
  draw({ selectedIds, hoverId, groupBox: g }, pen) {
    if (g) {
      const pad = 6 * pen.css;
      pen.strokes.polyline(boxCorners({ center: g.center, half: [g.half[0] + pad, g.half[1] + pad], rotation: g.rotation }), true, 0.6, rgba(VIEW_STYLE.selection, 0.55), SIZE_CSS, 4);
    }
    if (hoverId && !selectedIds.includes(hoverId)) outlineObject(pen, hoverId, rgba(VIEW_STYLE.hover, 0.45), 1);
    const sel = rgba(VIEW_STYLE.selection);
    for (const id of selectedIds) outlineObject(pen, id, sel, 1.25);
  },
};
