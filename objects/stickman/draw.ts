/**
 * A stickman on the stage: its limbs back to front (render/rigDepth: far limbs darker behind the
 * torso, near ones on top) and its head ring, each point eased from the previous frame's. Render layer.
 */
import { rgba, TRANSPARENT, type RGBA } from '../../render/color';
import { drawOrder, farColor, partDepth } from '../../render/rigDepth';
import { VIEW_STYLE } from '../../render/viewStyle';
import type { RigView } from '../../streams/frame/frame';
import { headInto, segmentInto, segmentNames } from '../../streams/frame/packedRigView';
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
/** Scratch for one segment's ends or the head centre, read from a view (packed or not) without making its parts. */
const seg = [0, 0, 0, 0];

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
  const names = segmentNames(r);
  const prevNames = usePrev ? segmentNames(prev) : null;
  const order = drawOrder(names, r.facing, partOrder);
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    const name = names[i].name;
    segmentInto(r, i, seg);
    let sx = seg[0];
    let sy = seg[1];
    let ex = seg[2];
    let ey = seg[3];
    if (prevNames) {
      const j = prevNames[i]?.name === name ? i : prevNames.findIndex((q) => q.name === name);
      if (j >= 0) {
        segmentInto(prev!, j, seg);
        sx = lerp(seg[0], sx, t);
        sy = lerp(seg[1], sy, t);
        ex = lerp(seg[2], ex, t);
        ey = lerp(seg[3], ey, t);
      }
    }
    L.strokes.push(sx, sy, ex, ey, hw, partDepth(name, r.facing) === 'far' ? far : color);
    if (out) {
      minX = Math.min(minX, sx, ex);
      maxX = Math.max(maxX, sx, ex);
      minY = Math.min(minY, sy, ey);
      maxY = Math.max(maxY, sy, ey);
    }
  }
  headInto(r, seg);
  let hx = seg[0];
  let hy = seg[1];
  if (usePrev) {
    headInto(prev!, seg);
    hx = lerp(seg[0], hx, t);
    hy = lerp(seg[1], hy, t);
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
