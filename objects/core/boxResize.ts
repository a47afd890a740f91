/**
 * Dragging a corner of an object's selection box: the geometry every resizable kind shares (the
 * kind decides which fields the new box becomes: a size, a prop's scale). Core layer.
 */
import { boxPoint, toLocal, type OrientedBox } from '../../core/geometry/hitTest';
import type { Corner, ResizeOptions } from './objectModel';

type Vec2 = [number, number];

/** A resized box is never smaller than this many px from its centre to an edge. */
export const MIN_HALF_EXTENT = 5;

export const round = (v: number, digits = 0) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f + 0;
};

/**
 * A box resized by dragging `corner` to `pointer`, from its size at the start of the drag: the
 * opposite corner stays where it was (the centre moves), or with `centred` the centre stays and
 * the box grows on both sides. Each half extent is at least `minHalf`.
 */
export function resizeBox(start: OrientedBox, pointer: Readonly<Vec2>, minHalf: number, options: ResizeOptions = {}): OrientedBox {
  const [sx, sy] = options.corner ?? [1, 1];
  const [hx0, hy0] = start.half;
  const rotation = start.rotation;
  let hx: number;
  let hy: number;
  let fixed: Vec2 | null = null;
  if (options.centred) {
    const local = toLocal(pointer, start.center, rotation);
    hx = Math.abs(local[0]);
    hy = Math.abs(local[1]);
  } else {
    fixed = boxPoint(start, [-sx * hx0, -sy * hy0]);
    const local = toLocal(pointer, fixed, rotation);
    // Past the fixed corner the box does not flip: it stops at its minimum size.
    hx = Math.max(0, sx * local[0]) / 2;
    hy = Math.max(0, sy * local[1]) / 2;
  }
  if (!Number.isFinite(hx) || !Number.isFinite(hy)) return start;
  if (options.keepAspect) {
    const k = Math.max(hx / Math.max(hx0, 1e-9), hy / Math.max(hy0, 1e-9));
    const lift = Math.max(minHalf / Math.max(hx0 * k, 1e-9), minHalf / Math.max(hy0 * k, 1e-9), 1);
    hx = hx0 * k * lift;
    hy = hy0 * k * lift;
  } else {
    hx = Math.max(hx, minHalf);
    hy = Math.max(hy, minHalf);
  }
  return { center: fixed ? cornerToCenter(fixed, [hx, hy], [sx, sy], rotation) : [start.center[0], start.center[1]], half: [hx, hy], rotation };
}

/** The centre of a box of half extents `half` whose corner opposite `corner` is `fixed`. */
function cornerToCenter(fixed: Readonly<Vec2>, half: Readonly<Vec2>, corner: Corner | readonly [number, number], rotation: number): Vec2 {
  return boxPoint({ center: [fixed[0], fixed[1]], half: [0, 0], rotation }, [corner[0] * half[0], corner[1] * half[1]]);
}

/**
 * Where the object's position goes once its box is `half` big: the corner opposite the dragged
 * one stays put (nothing moves for a centred resize), also when the size was rounded or clamped.
 */
export function resizedPosition(box: OrientedBox, half: Vec2, options: ResizeOptions): Partial<{ position: [number, number] }> {
  if (options.centred) return {};
  const corner = options.corner ?? [1, 1];
  const fixed = boxPoint(box, [-corner[0] * box.half[0], -corner[1] * box.half[1]]);
  const c = cornerToCenter(fixed, half, corner, box.rotation);
  return { position: [round(c[0], 2), round(c[1], 2)] };
}

/** A `size`d object (terrain box shapes, areas) resized: its new size and position. */
export function resizeSized(start: { position: readonly [number, number]; size: readonly [number, number]; rotation?: number }, pointer: Vec2, options: ResizeOptions) {
  const box: OrientedBox = { center: [start.position[0], start.position[1]], half: [start.size[0] / 2, start.size[1] / 2], rotation: start.rotation ?? 0 };
  const next = resizeBox(box, pointer, MIN_HALF_EXTENT, options);
  const size: [number, number] = [round(next.half[0] * 2), round(next.half[1] * 2)];
  return { size, ...resizedPosition(box, [size[0] / 2, size[1] / 2], options) };
}
