/**
 * The selection box, its handles and what dragging a handle does to an object: each kind's model
 * (objects/<kind>/model.ts) says what its box is and which of its fields a drag changes; this
 * file places the handles and hands the drag to the kind.
 */
import { boxPoint, rotationFromPointer, selectionHandles, type HandleSpec } from '../../core/geometry/hitTest';
import { modelOf } from '../../objects/core/models';
import { resizeBox, round } from '../../objects/core/boxResize';
import type { Corner, GeometryContext, ResizeOptions, SelectionShape } from '../../objects/core/objectModel';
import type { ObjectPatch } from '../../core/scene/edit';
import type { SceneDocument, StageObject } from '../../core/scene/schema';
import type { FrameSnapshot } from '../../streams';

type Vec2 = [number, number];

/** Screen px between the top edge of the selection and its rotate handle. */
export const ROTATE_HANDLE_OFFSET_PX = 28;
/** Screen px within which a pointer grabs a handle. */
export const HANDLE_GRAB_RADIUS_PX = 10;
export const ROTATION_SNAP = Math.PI / 12; // 15° with Shift

export type { SelectionShape };

/** What each kind's selection needs to know of the shown frame: a stickman's figure. */
export function geometryContext(doc: SceneDocument, frame: FrameSnapshot): GeometryContext {
  return { doc, figure: (id) => frame.rigs.find((r) => r.id === id) ?? null };
}

/** The selection box of `o` (its kind decides), or null if it has none right now. */
export function selectionShape(doc: SceneDocument, frame: FrameSnapshot, o: StageObject): SelectionShape | null {
  return modelOf(o).selection(o, geometryContext(doc, frame));
}

export type { Corner };
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

/** The patch that rotates `o` so its rotate handle sits under `pointer` (null for a kind that does not turn). */
export function rotatePatch(o: StageObject, pointer: Vec2, snap: boolean): ObjectPatch | null {
  if (!modelOf(o).rotatable) return null;
  const angle = rotationFromPointer(o.position, pointer, (o as { rotation?: number }).rotation ?? 0, snap ? ROTATION_SNAP : 0);
  return { rotation: round(angle, 4) };
}

export type { ResizeOptions };
export { resizeBox };

/**
 * The patch that resizes `o` by dragging one of its corner handles to `pointer`, measured from
 * `start` (the object when the drag began): its kind decides which fields change (terrain and
 * areas their `size`, props their `scale`); unless the resize is centred, `position` moves so
 * the opposite corner stays put (also when the size is rounded or a prop's scale clamped).
 */
export function resizePatch(doc: SceneDocument, o: StageObject, start: StageObject, pointer: Vec2, options: ResizeOptions = {}): ObjectPatch | null {
  const model = modelOf(o);
  if (start.kind !== o.kind || !model.resize) return null;
  return (model.resize(o, start, pointer, options, doc) as ObjectPatch | null);
}
