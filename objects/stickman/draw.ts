/**
 * A stickman on the stage: its limbs back to front (render/rigDepth: far limbs darker behind the
 * torso, near ones on top) and its head ring, each point eased from the previous frame's. Render layer.
 */
import { rgba, TRANSPARENT, type RGBA } from '../../render/color';
import { drawOrder, farColor, partDepth } from '../../render/rigDepth';
import { VIEW_STYLE } from '../../render/viewStyle';
import type { RigView } from '../../streams/frame/frame';
import type { DrawLayer } from '../render/drawLayer';

/** Where a stickman was drawn (stage px): its bounds and, as the speech anchor, its head centre and the ring's top. */
export interface DrawnStickman {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  headX: number;
  headTop: number;
}

const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/** Draws `r` (eased from `prev` by `t`) into `L`; `partOrder` is scratch; `out`, when given, gets where it was drawn. */
export function drawStickman(L: DrawLayer, r: RigView, prev: RigView | null, t: number, partOrder: number[], out: DrawnStickman | null, colorOverride?: RGBA): void {
  const color = colorOverride ?? rgba(r.color);
  const far = farColor(color);
  const hw = VIEW_STYLE.limbHalfWidth;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const usePrev = prev !== null && t < 1;
  // Back to front: far limbs darker behind the torso, near limbs on top.
  const order = drawOrder(r.parts, r.facing, partOrder);
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    const part = r.parts[i];
    let sx = part.start[0];
    let sy = part.start[1];
    let ex = part.end[0];
    let ey = part.end[1];
    if (usePrev) {
      const pp = prev.parts[i]?.name === part.name ? prev.parts[i] : prev.parts.find((q) => q.name === part.name);
      if (pp) {
        sx = lerp(pp.start[0], sx, t);
        sy = lerp(pp.start[1], sy, t);
        ex = lerp(pp.end[0], ex, t);
        ey = lerp(pp.end[1], ey, t);
      }
    }
    L.strokes.push(sx, sy, ex, ey, hw, partDepth(part.name, r.facing) === 'far' ? far : color);
    if (out) {
      minX = Math.min(minX, sx, ex);
      maxX = Math.max(maxX, sx, ex);
      minY = Math.min(minY, sy, ey);
      maxY = Math.max(maxY, sy, ey);
    }
  }
  let hx = r.headCenter[0];
  let hy = r.headCenter[1];
  if (usePrev) {
    hx = lerp(prev.headCenter[0], hx, t);
    hy = lerp(prev.headCenter[1], hy, t);
  }
  // Head: a ring as thick as the limbs, centred on the head radius.
  L.discs.push(hx, hy, r.headRadius + hw, TRANSPARENT, 0, 2 * hw, color);
  if (out) {
    const hr = r.headRadius + hw;
    out.minX = Math.min(minX - hw, hx - hr);
    out.maxX = Math.max(maxX + hw, hx + hr);
    out.minY = Math.min(minY - hw, hy - hr);
    out.maxY = Math.max(maxY + hw, hy + hr);
    out.headX = hx;
    out.headTop = hy - hr - hw; // outer edge of the ring (radius headRadius + hw, half-width hw)
  }
}
