/**
 * The selection box, its handles and what dragging a handle does to an object, per kind.
 * Geometry comes from core/geometry/hitTest; this file maps it onto scene-document fields.
 */
import { boxAroundPoints, halfExtentsFromPointer, rigBox, rotationFromPointer, selectionHandles, type HandleSpec, type OrientedBox } from '../../core/geometry/hitTest';
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

export function handlesFor(shape: SelectionShape, zoom: number): HandleSpec[] {
  return selectionHandles(shape.box, {
    rotate: shape.rotatable,
    resize: shape.resizable,
    rotateOffset: ROTATE_HANDLE_OFFSET_PX / Math.max(zoom, 1e-6),
  });
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

/** The patch that puts the bottom-right corner of `o` under `pointer` (resizing about the centre). */
export function resizePatch(doc: SceneDocument, o: StageObject, start: StageObject, pointer: Vec2, keepAspect: boolean): ObjectPatch | null {
  switch (o.kind) {
    case 'terrain': {
      if (o.shape === 'polygon' || !o.size || start.kind !== 'terrain' || !start.size) return null;
      const startHalf: Vec2 = [start.size[0] / 2, start.size[1] / 2];
      const [hx, hy] = halfExtentsFromPointer(o.position, o.rotation ?? 0, pointer, MIN_HALF_EXTENT, keepAspect ? { startHalf } : undefined);
      return { size: [round(hx * 2), round(hy * 2)] };
    }
    case 'area': {
      if (start.kind !== 'area') return null;
      const startHalf: Vec2 = [start.size[0] / 2, start.size[1] / 2];
      const [hx, hy] = halfExtentsFromPointer(o.position, o.rotation ?? 0, pointer, MIN_HALF_EXTENT, keepAspect ? { startHalf } : undefined);
      return { size: [round(hx * 2), round(hy * 2)] };
    }
    case 'prop': {
      if (start.kind !== 'prop') return null;
      const template = findPropTemplate(o.spawn_id, doc.prop_assets);
      if (!template) return null;
      const base = propHalfExtents(template.shape);
      // Round shapes scale uniformly; boxes and polygons may stretch unless Shift is held.
      const uniform = keepAspect || template.shape.kind === 'circle' || template.shape.kind === 'capsule';
      const startHalf: Vec2 = [base[0] * start.scale[0], base[1] * start.scale[1]];
      const [hx, hy] = halfExtentsFromPointer(o.position, o.rotation, pointer, MIN_HALF_EXTENT, uniform ? { startHalf } : undefined);
      const clamp = (s: number) => Math.min(MAX_PROP_SCALE, Math.max(MIN_PROP_SCALE, s));
      let sx: number;
      let sy: number;
      if (uniform) {
        const k = hx / Math.max(startHalf[0], 1e-9);
        sx = start.scale[0] * k;
        sy = start.scale[1] * k;
      } else {
        sx = hx / Math.max(base[0], 1e-9);
        sy = hy / Math.max(base[1], 1e-9);
      }
      return { scale: [round(clamp(sx), 3), round(clamp(sy), 3)] };
    }
    default:
      return null;
  }
}
