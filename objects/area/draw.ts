/** An area on the stage: a tinted box with a dashed outline, solid and stronger while occupied. Render layer. */
import { boxCorners } from '../../core/geometry/hitTest';
import { SIZE_CSS } from '../../render/batches';
import { rgba } from '../../render/color';
import type { AreaView } from '../../streams/frame/frame';
import type { DrawLayer } from '../render/drawLayer';

export function drawArea(L: DrawLayer, a: AreaView): void {
  const [cx, cy] = a.position;
  const hx = a.size[0] / 2;
  const hy = a.size[1] / 2;
  const active = a.occupants > 0;
  L.boxes.push(cx, cy, hx, hy, a.rotation, rgba(a.color, active ? 0.3 : 0.12));
  L.strokes.polyline(boxCorners({ center: [cx, cy], half: [hx, hy], rotation: a.rotation }), true, active ? 1.25 : 0.9, rgba(a.color, 0.9), SIZE_CSS, active ? 0 : 7);
}
