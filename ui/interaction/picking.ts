/**
 * What is under the pointer, for the pointer machine's guards and the canvas overlay: objects
 * (core/geometry/hitTest on the frame shown) and the selection's handles (ui/state/
 * selectionGeometry, plus a stickman's five marker handles). Screen tolerances are divided by the
 * zoom so they feel the same at any zoom.
 */
import { hitHandle, rigBox } from '../../core/geometry/hitTest';
import { hitTestAll, type Hit } from '../../objects/core/picking';
import type { MarkerName } from '../../core/rig/markers';
import { modelOf, modelOfKind } from '../../objects/core/models';
import type { ObjectKind } from '../../core/scene/schema';
import type { Editor, Vec2 } from '../state/editor';
import { geometryContext, HANDLE_GRAB_RADIUS_PX, handlesFor, type Corner } from '../state/selectionGeometry';
import { groupBox, groupRotateHandle } from '../state/groupSelection';

/** Screen px of slack around every shape when picking. */
export const HIT_TOLERANCE_PX = 4;

export type UiHandleKind = 'rotate' | 'resize' | 'marker';

export interface UiHandle {
  id: string;
  kind: UiHandleKind;
  position: Vec2;
  marker?: MarkerName;
  /** Resize handles: the corner dragged (the opposite one stays put). */
  corner?: Corner;
  /** The multi-selection's rotate handle: the point everything turns about. */
  pivot?: Vec2;
}

/** The frame objects are picked from: what is on screen right now. */
const shownFrame = (editor: Editor) => editor.controller.frame$.value;

/** Every object under stage point `p`, best pick first. */
export function objectsAt(editor: Editor, zoom: number, p: Vec2): Hit[] {
  return hitTestAll(shownFrame(editor), p, { tolerance: HIT_TOLERANCE_PX / zoom });
}

/** The best pick under `p`, or null for empty stage. */
export function objectAt(editor: Editor, zoom: number, p: Vec2): Hit | null {
  return objectsAt(editor, zoom, p)[0] ?? null;
}

/** The best pick among `kinds` only (stage picks, DIRECT). */
export function objectOfKindsAt(editor: Editor, zoom: number, p: Vec2, kinds: readonly ObjectKind[]): Hit | null {
  return objectsAt(editor, zoom, p).find((h) => kinds.includes(h.kind)) ?? null;
}

/**
 * The handles of the selection: in EDIT, with no stage pick pending. One object: a stickman has
 * marker handles (hands, feet, pelvis); other kinds rotate and resize by their corners. Several
 * objects: one rotate handle above the box around them all, turning them about its centre.
 */
export function selectionHandlesOf(editor: Editor, zoom: number): UiHandle[] {
  const ids = editor.tools.selection();
  if (editor.mode().mode !== 'EDIT' || ids.length === 0 || editor.tools.capture()) return [];
  if (ids.length > 1) {
    const box = groupBox(editor.doc(), shownFrame(editor), ids);
    return box ? [{ id: 'selection:rotate', kind: 'rotate', position: groupRotateHandle(box, zoom), pivot: [box.center[0], box.center[1]] }] : [];
  }
  const o = editor.object(ids[0]);
  if (!o) return [];
  const model = modelOf(o);
  const ctx = geometryContext(editor.doc(), shownFrame(editor));
  // A kind with handles of its own (a stickman's markers) has no box handles.
  if (model.pointHandles) {
    return (model.pointHandles(o, ctx) ?? []).map((h) => ({ id: `${o.id}:${h.id}`, kind: 'marker' as const, marker: h.target as MarkerName, position: h.position }));
  }
  const shape = model.selection(o, ctx);
  return shape ? handlesFor(shape, zoom).map((h) => ({ ...h, id: `${o.id}:${h.id}` })) : [];
}

/** The selection handle under `p`, nearest first. */
export function handleAt(editor: Editor, zoom: number, p: Vec2): UiHandle | null {
  return hitHandle(selectionHandlesOf(editor, zoom), p, HANDLE_GRAB_RADIUS_PX / zoom);
}

/** The one selected object if it is an actor, a stickman (DIRECT: a click on the stage walks it there). */
export function selectedStickmanId(editor: Editor): string | null {
  const ids = editor.tools.selection();
  if (ids.length !== 1) return null;
  return modelOfKind(editor.object(ids[0])?.kind)?.actor ? ids[0] : null;
}

/** Screen point beside a stickman for its Direct popup (right of its figure, at head height). */
export function popupAnchor(editor: Editor, stageToScreen: (p: Vec2) => Vec2, rigId: string): Vec2 {
  const rig = shownFrame(editor).rigs.find((r) => r.id === rigId);
  const box = rig ? rigBox(rig) : null;
  if (!box) return [20, 20];
  const [x, y] = stageToScreen([box.center[0] + box.half[0], box.center[1] - box.half[1]]);
  return [x + 12, y];
}
