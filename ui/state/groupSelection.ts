/**
 * Geometry of several objects at once: the box around a multi-selection (its rotate handle turns
 * them all about its centre) and the objects a marquee rectangle takes in.
 *
 * Each object counts by the axis-aligned bounds of its selection box (./selectionGeometry), the
 * box its outline and handles are drawn from, so what a marquee selects matches what is drawn.
 */
import { boxCorners, rotationFromPointer, type OrientedBox } from '../../core/geometry/hitTest';
import type { SceneDocument } from '../../core/scene/schema';
import type { FrameSnapshot } from '../../streams';
import { ROTATE_HANDLE_OFFSET_PX, ROTATION_SNAP, selectionShape } from './selectionGeometry';

type Vec2 = [number, number];

/** Axis-aligned stage rectangle. */
export interface Rect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * A marquee as dragged: the rectangle and how it selects. Dragged left to right it takes what
 * lies wholly inside (a window); right to left, what it touches (a crossing), as in CAD tools.
 */
export interface Marquee extends Rect {
  touch: boolean;
}

/** The marquee from the press point to the pointer: a crossing when the pointer is left of the press. */
export function marqueeBetween(from: Readonly<Vec2>, to: Readonly<Vec2>): Marquee {
  return { ...rectBetween(from, to), touch: to[0] < from[0] };
}

/** The rectangle spanned by two corners, in any order. */
export function rectBetween(a: Readonly<Vec2>, b: Readonly<Vec2>): Rect {
  return { minX: Math.min(a[0], b[0]), minY: Math.min(a[1], b[1]), maxX: Math.max(a[0], b[0]), maxY: Math.max(a[1], b[1]) };
}

/** Bounds of one object's selection box, or null if it has none (a stickman not in the frame). */
export function objectBounds(doc: SceneDocument, frame: FrameSnapshot, id: string): Rect | null {
  const o = doc.objects.find((x) => x.id === id);
  const shape = o && selectionShape(doc, frame, o);
  if (!shape) return null;
  const corners = boxCorners(shape.box);
  return {
    minX: Math.min(...corners.map((c) => c[0])),
    minY: Math.min(...corners.map((c) => c[1])),
    maxX: Math.max(...corners.map((c) => c[0])),
    maxY: Math.max(...corners.map((c) => c[1])),
  };
}

/** Objects lying wholly inside `rect`, in document order (a marquee over part of the ground does not take it). */
export function objectsInRect(doc: SceneDocument, frame: FrameSnapshot, rect: Rect): string[] {
  return doc.objects
    .filter((o) => {
      const b = objectBounds(doc, frame, o.id);
      return !!b && b.minX >= rect.minX && b.maxX <= rect.maxX && b.minY >= rect.minY && b.maxY <= rect.maxY;
    })
    .map((o) => o.id);
}

/**
 * Objects whose selection bounds overlap `rect` (touching counts), in document order, except
 * `except` (the terrain an Alt-marquee started on: the ground it is drawn over, not a target).
 */
export function objectsTouchingRect(doc: SceneDocument, frame: FrameSnapshot, rect: Rect, except: string | null = null): string[] {
  return doc.objects
    .filter((o) => {
      if (o.id === except) return false;
      const b = objectBounds(doc, frame, o.id);
      return !!b && b.minX <= rect.maxX && b.maxX >= rect.minX && b.minY <= rect.maxY && b.maxY >= rect.minY;
    })
    .map((o) => o.id);
}

/** What a marquee selects: enclosed objects (a window) or touched ones (a crossing). */
export function objectsInMarquee(doc: SceneDocument, frame: FrameSnapshot, m: Marquee, except: string | null = null): string[] {
  return m.touch ? objectsTouchingRect(doc, frame, m, except) : objectsInRect(doc, frame, m).filter((id) => id !== except);
}

/** The box around several objects (axis-aligned), or null when none of them has bounds. */
export function groupBox(doc: SceneDocument, frame: FrameSnapshot, ids: readonly string[]): OrientedBox | null {
  let r: Rect | null = null;
  for (const id of ids) {
    const b = objectBounds(doc, frame, id);
    if (!b) continue;
    r = r ? { minX: Math.min(r.minX, b.minX), minY: Math.min(r.minY, b.minY), maxX: Math.max(r.maxX, b.maxX), maxY: Math.max(r.maxY, b.maxY) } : b;
  }
  if (!r) return null;
  return { center: [(r.minX + r.maxX) / 2, (r.minY + r.maxY) / 2], half: [(r.maxX - r.minX) / 2, (r.maxY - r.minY) / 2], rotation: 0 };
}

/** Where a group's rotate handle sits: above the middle of its box, a fixed screen distance away. */
export function groupRotateHandle(box: OrientedBox, zoom: number): Vec2 {
  return [box.center[0], box.center[1] - box.half[1] - ROTATE_HANDLE_OFFSET_PX / Math.max(zoom, 1e-6)];
}

/**
 * How far a group turns while its rotate handle is dragged: the angle swept about `pivot` from
 * where the drag started to the pointer. Shift snaps it to 15°.
 */
export function groupTurn(pivot: Readonly<Vec2>, from: Readonly<Vec2>, pointer: Readonly<Vec2>, snap: boolean): number {
  const start = rotationFromPointer(pivot, from, 0);
  const now = rotationFromPointer(pivot, pointer, start);
  let a = now - start;
  if (a > Math.PI) a -= 2 * Math.PI;
  else if (a <= -Math.PI) a += 2 * Math.PI;
  if (snap) a = Math.round(a / ROTATION_SNAP) * ROTATION_SNAP;
  return a + 0;
}
