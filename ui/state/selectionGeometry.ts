/**
 * The selection box, its handles and what dragging a handle does to an object, per kind.
 * Geometry comes from core/geometry/hitTest; this file maps it onto scene-document fields.
 */
import { boxAroundPoints, boxPoint, rigBox, rotationFromPointer, selectionHandles, toLocal, type HandleSpec, type OrientedBox } from '../../core/geometry/hitTest';
import { findPropTemplate, propHalfExtents, resolveProp } from '../../core/props/resolve';
import type { ObjectPatch } from '../../core/scene/edit';
import type { SceneDocument, StageObject } from '../../core/scene/schema';
import type { FrameSnapshot } from '../../streams';

type Vec2 = [number, number];

/** Screen px between the top edge of the selection and its rotate handle. */
export const ROTATE_HANDLE_OFFSET_PX = 28;
/** Screen px within which a pointer grabs a handle. */
export const HANDLE_GRAB_RADIUS_PX = 10;
export const MIN_HALF_EXTENT = 5;
export const MIN_PROP_SCALE = 0.1;
export const MAX_PROP_SCALE = 100;
export const ROTATION_SNAP = Math.PI / 12; // 15° with Shift

export interface SelectionShape {
  box: OrientedBox;
  rotatable: boolean;
  resizable: boolean;
}

export function selectionShape(doc: SceneDocument, frame: FrameSnapshot, o: StageObject): SelectionShape | null {
  const center: Vec2 = [o.position[0], o.position[1]];
  switch (o.kind) {
    case 'terrain': {
      if (o.shape === 'polygon') {
        const pts = o.points ?? [];
        const b = boxAroundPoints(pts.map((p) => [p[0], p[1]] as Vec2));
        if (!b) return null;
        return { box: { center: [center[0] + b.center[0], center[1] + b.center[1]], half: b.half, rotation: o.rotation ?? 0 }, rotatable: false, resizable: false };
      }
      const size = o.size ?? [0, 0];
      return { box: { center, half: [size[0] / 2, size[1] / 2], rotation: o.rotation ?? 0 }, rotatable: true, resizable: true };
    }
    case 'prop': {
      try {
        const half = propHalfExtents(resolveProp(doc, o).shape);
        return { box: { center, half, rotation: o.rotation }, rotatable: true, resizable: true };
      } catch {
        return null;
      }
    }
    case 'area':
      return { box: { center, half: [o.size[0] / 2, o.size[1] / 2], rotation: o.rotation ?? 0 }, rotatable: true, resizable: true };
    case 'stickman': {
      const rig = frame.rigs.find((r) => r.id === o.id);
      const box = rig ? rigBox(rig) : null;
      return box ? { box, rotatable: false, resizable: false } : null;
    }
  }
}

/** Which corner a resize handle sits on, in the box's own frame: (+1, +1) is bottom-right. */
export type Corner = readonly [1 | -1, 1 | -1];
export const CORNERS: readonly Corner[] = [
  [1, 1],
  [-1, 1],
  [1, -1],
  [-1, -1],
];

export interface SelectionHandle extends HandleSpec {
  /** Resize handles: the corner they sit on. */
  corner?: Corner;
}

/** The rotate handle above the top edge and, for resizable objects, one resize handle per corner (bottom-right first). */
export function handlesFor(shape: SelectionShape, zoom: number): SelectionHandle[] {
  const out: SelectionHandle[] = selectionHandles(shape.box, {
    rotate: shape.rotatable,
    resize: false,
    rotateOffset: ROTATE_HANDLE_OFFSET_PX / Math.max(zoom, 1e-6),
  });
  if (shape.resizable) {
    for (const corner of CORNERS) {
      out.push({ id: `resize:${corner[0]}${corner[1]}`, kind: 'resize', corner, position: boxPoint(shape.box, [corner[0] * shape.box.half[0], corner[1] * shape.box.half[1]]) });
    }
  }
  return out;
}

/** The CSS cursor of a corner handle (the diagonal it drags along, ignoring the rotation). */
export function cornerCursor(corner: Corner | undefined): string {
  return !corner || corner[0] === corner[1] ? 'nwse-resize' : 'nesw-resize';
}

const round = (v: number, digits = 0) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f + 0;
};

/** The patch that rotates `o` so its rotate handle sits under `pointer`. */
export function rotatePatch(o: StageObject, pointer: Vec2, snap: boolean): ObjectPatch | null {
  if (o.kind !== 'terrain' && o.kind !== 'prop' && o.kind !== 'area') return null;
  const current = o.kind === 'prop' ? o.rotation : o.rotation ?? 0;
  const angle = rotationFromPointer(o.position, pointer, current, snap ? ROTATION_SNAP : 0);
  return { rotation: round(angle, 4) };
}

export interface ResizeOptions {
  /** The corner being dragged (default bottom-right). */
  corner?: Corner;
  /** Shift: scale uniformly from the size at the start of the drag. */
  keepAspect?: boolean;
  /** Alt: resize about the centre (both opposite sides move) instead of keeping the opposite corner fixed. */
  centred?: boolean;
}

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
 * The patch that resizes `o` by dragging one of its corner handles to `pointer`, measured from
 * `start` (the object when the drag began). Terrain and areas change `size`, props `scale`;
 * unless the resize is centred, `position` moves so the opposite corner stays put (also when
 * the size is rounded or a prop's scale clamped).
 */
export function resizePatch(doc: SceneDocument, o: StageObject, start: StageObject, pointer: Vec2, options: ResizeOptions = {}): ObjectPatch | null {
  const corner = options.corner ?? [1, 1];
  const position = (box: OrientedBox, half: Vec2): Partial<{ position: [number, number] }> => {
    if (options.centred) return {};
    const fixed = boxPoint(box, [-corner[0] * box.half[0], -corner[1] * box.half[1]]);
    const c = cornerToCenter(fixed, half, corner, box.rotation);
    return { position: [round(c[0], 2), round(c[1], 2)] };
  };
  switch (o.kind) {
    case 'terrain':
    case 'area': {
      if (start.kind !== o.kind || !start.size || (start.kind === 'terrain' && start.shape === 'polygon')) return null;
      const box: OrientedBox = { center: [start.position[0], start.position[1]], half: [start.size[0] / 2, start.size[1] / 2], rotation: start.rotation ?? 0 };
      const next = resizeBox(box, pointer, MIN_HALF_EXTENT, options);
      const size: [number, number] = [round(next.half[0] * 2), round(next.half[1] * 2)];
      return { size, ...position(box, [size[0] / 2, size[1] / 2]) };
    }
    case 'prop': {
      if (start.kind !== 'prop') return null;
      const template = findPropTemplate(o.spawn_id, doc.prop_assets);
      if (!template) return null;
      const base = propHalfExtents(template.shape);
      // Round shapes scale uniformly; boxes and polygons may stretch unless Shift is held.
      const uniform = !!options.keepAspect || template.shape.kind === 'circle' || template.shape.kind === 'capsule';
      const box: OrientedBox = { center: [start.position[0], start.position[1]], half: [base[0] * start.scale[0], base[1] * start.scale[1]], rotation: start.rotation };
      const next = resizeBox(box, pointer, MIN_HALF_EXTENT, { ...options, keepAspect: uniform });
      const clamp = (v: number) => round(Math.min(MAX_PROP_SCALE, Math.max(MIN_PROP_SCALE, v)), 3);
      const scale: [number, number] = uniform
        ? [clamp(start.scale[0] * (next.half[0] / Math.max(box.half[0], 1e-9))), clamp(start.scale[1] * (next.half[0] / Math.max(box.half[0], 1e-9)))]
        : [clamp(next.half[0] / Math.max(base[0], 1e-9)), clamp(next.half[1] / Math.max(base[1], 1e-9))];
      return { scale, ...position(box, [base[0] * scale[0], base[1] * scale[1]]) };
    }
    default:
      return null;
  }
}
