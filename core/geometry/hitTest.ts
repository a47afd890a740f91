/**
 * Pure picking and handle geometry for the editor (stage space: px, +X right, +Y down).
 *
 * The inputs are structural: a frame snapshot from streams/ satisfies `HitScene` as it is, but this
 * module imports nothing above core/. Which kind is picked first is each kind's own `pick` part
 * (objects/core/picking: hitTestAll); these are the shapes' tests they use.
 */
import { pointInConvexPolygon } from './polygon';
import { type Vec2, rotate } from './vec';
import type { PropShape } from '../props/resolve';

export interface HitTerrain {
  readonly id: string;
  /** Convex pieces in stage space. */
  readonly pieces: readonly (readonly Readonly<Vec2>[])[];
}

export interface HitProp {
  readonly id: string;
  readonly position: Readonly<Vec2>;
  readonly rotation: number;
  readonly shape: PropShape;
}

export interface HitArea {
  readonly id: string;
  /** Centre. */
  readonly position: Readonly<Vec2>;
  readonly size: Readonly<Vec2>;
  /** Radians about the centre (clockwise on screen); absent means 0. */
  readonly rotation?: number;
}

export interface HitRig {
  readonly id: string;
  readonly parts: readonly { readonly start: Readonly<Vec2>; readonly end: Readonly<Vec2> }[];
  readonly headCenter: Readonly<Vec2>;
  readonly headRadius: number;
}

export interface HitScene {
  readonly terrain: readonly HitTerrain[];
  readonly props: readonly HitProp[];
  readonly areas: readonly HitArea[];
  readonly rigs: readonly HitRig[];
}

export interface HitOptions {
  /** Extra reach in stage px around every shape (e.g. a few screen px divided by the zoom). */
  tolerance?: number;
  /** Half the drawn thickness of a stickman's limbs, in stage px. */
  limbHalfWidth?: number;
}

export const DEFAULT_LIMB_HALF_WIDTH = 12;

/** Distance from p to the segment a–b (a degenerate segment is a point). */
export function distanceToSegment(p: Readonly<Vec2>, a: Readonly<Vec2>, b: Readonly<Vec2>): number {
  const ex = b[0] - a[0];
  const ey = b[1] - a[1];
  const l2 = ex * ex + ey * ey;
  let t = l2 === 0 ? 0 : ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / l2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return Math.hypot(p[0] - (a[0] + ex * t), p[1] - (a[1] + ey * t));
}

/** Even-odd point-in-polygon for any simple polygon (used for custom polygon props). */
export function pointInPolygon(p: Readonly<Vec2>, poly: readonly Readonly<Vec2>[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i, i += 1) {
    const a = poly[i];
    const b = poly[j];
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
  }
  return inside;
}

/** Stage point → the local frame of a body at `position` rotated by `rotation`. */
export function toLocal(p: Readonly<Vec2>, position: Readonly<Vec2>, rotation: number): Vec2 {
  return rotate([p[0] - position[0], p[1] - position[1]], -rotation);
}

export function hitsPropShape(shape: PropShape, local: Readonly<Vec2>, tolerance = 0): boolean {
  const [x, y] = local;
  switch (shape.kind) {
    case 'box':
      return Math.abs(x) <= shape.size[0] / 2 + tolerance && Math.abs(y) <= shape.size[1] / 2 + tolerance;
    case 'circle':
      return Math.hypot(x, y) <= shape.radius + tolerance;
    case 'capsule': {
      // Capsules lie along local Y (as in the physics adapter).
      const h = shape.length / 2;
      return distanceToSegment(local, [0, -h], [0, h]) <= shape.radius + tolerance;
    }
    case 'polygon': {
      if (pointInPolygon(local, shape.points)) return true;
      if (tolerance <= 0) return false;
      const pts = shape.points;
      for (let i = 0; i < pts.length; i += 1) {
        if (distanceToSegment(local, pts[i], pts[(i + 1) % pts.length]) <= tolerance) return true;
      }
      return false;
    }
  }
}

export function hitsProp(prop: HitProp, p: Readonly<Vec2>, tolerance = 0): boolean {
  return hitsPropShape(prop.shape, toLocal(p, prop.position, prop.rotation), tolerance);
}

export function hitsArea(area: HitArea, p: Readonly<Vec2>, tolerance = 0): boolean {
  const [x, y] = toLocal(p, area.position, area.rotation ?? 0);
  return Math.abs(x) <= area.size[0] / 2 + tolerance && Math.abs(y) <= area.size[1] / 2 + tolerance;
}

export function hitsRig(rig: HitRig, p: Readonly<Vec2>, tolerance = 0, limbHalfWidth = DEFAULT_LIMB_HALF_WIDTH): boolean {
  if (Math.hypot(p[0] - rig.headCenter[0], p[1] - rig.headCenter[1]) <= rig.headRadius + tolerance) return true;
  const reach = limbHalfWidth + tolerance;
  return rig.parts.some((part) => distanceToSegment(p, part.start, part.end) <= reach);
}

export function hitsTerrain(terrain: HitTerrain, p: Readonly<Vec2>, tolerance = 0): boolean {
  return terrain.pieces.some((piece) => pointInConvexPolygon(p, piece, tolerance));
}

/** The ids in `list` that `hits`, topmost (last drawn) first: how a kind's pick part (objects/core/picking) walks its frame list. */
export function topmostHits<T extends { readonly id: string }>(list: readonly T[], hits: (item: T) => boolean): string[] {
  const out: string[] = [];
  for (let i = list.length - 1; i >= 0; i -= 1) if (hits(list[i])) out.push(list[i].id);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Selection boxes and handles
// ---------------------------------------------------------------------------------------------

/** An oriented box: centre, half extents in its own frame, rotation (radians, clockwise on screen). */
export interface OrientedBox {
  center: Vec2;
  half: Vec2;
  rotation: number;
}

/** Local point of an oriented box → stage. */
export function boxPoint(box: OrientedBox, local: Readonly<Vec2>): Vec2 {
  const r = rotate(local, box.rotation);
  return [box.center[0] + r[0], box.center[1] + r[1]];
}

/** The four corners, clockwise on screen from the top-left. */
export function boxCorners(box: OrientedBox): Vec2[] {
  const [hx, hy] = box.half;
  return [
    boxPoint(box, [-hx, -hy]),
    boxPoint(box, [hx, -hy]),
    boxPoint(box, [hx, hy]),
    boxPoint(box, [-hx, hy]),
  ];
}

/** Axis-aligned box around points (for stickmen), or null when there are none. */
export function boxAroundPoints(points: readonly Readonly<Vec2>[], pad = 0): OrientedBox | null {
  if (points.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p[0]);
    maxX = Math.max(maxX, p[0]);
    minY = Math.min(minY, p[1]);
    maxY = Math.max(maxY, p[1]);
  }
  return { center: [(minX + maxX) / 2, (minY + maxY) / 2], half: [(maxX - minX) / 2 + pad, (maxY - minY) / 2 + pad], rotation: 0 };
}

/** Bounding box of a stickman's drawn figure (limbs and head). */
export function rigBox(rig: HitRig, pad = DEFAULT_LIMB_HALF_WIDTH): OrientedBox | null {
  const pts: Vec2[] = [];
  for (const part of rig.parts) pts.push([part.start[0], part.start[1]], [part.end[0], part.end[1]]);
  const [cx, cy] = rig.headCenter;
  const r = rig.headRadius;
  pts.push([cx - r, cy - r], [cx + r, cy + r]);
  return boxAroundPoints(pts, pad);
}

export type HandleKind = 'rotate' | 'resize';

export interface HandleSpec {
  id: string;
  kind: HandleKind;
  position: Vec2;
}

/**
 * Handle positions for a selected box: `rotate` sits above the top edge (offset in stage px, i.e.
 * a screen distance divided by the zoom) and `resize` on the bottom-right corner. Either can be
 * left out for objects that cannot rotate or resize.
 */
export function selectionHandles(
  box: OrientedBox,
  options: { rotate: boolean; resize: boolean; rotateOffset: number },
): HandleSpec[] {
  const out: HandleSpec[] = [];
  if (options.rotate) out.push({ id: 'rotate', kind: 'rotate', position: boxPoint(box, [0, -box.half[1] - options.rotateOffset]) });
  if (options.resize) out.push({ id: 'resize', kind: 'resize', position: boxPoint(box, [box.half[0], box.half[1]]) });
  return out;
}

/** The handle within `radius` stage px of `p`, nearest first, or null. */
export function hitHandle<T extends { position: Readonly<Vec2> }>(handles: readonly T[], p: Readonly<Vec2>, radius: number): T | null {
  let best: T | null = null;
  let bestD = Infinity;
  for (const h of handles) {
    const d = Math.hypot(p[0] - h.position[0], p[1] - h.position[1]);
    if (d <= radius && d < bestD) {
      best = h;
      bestD = d;
    }
  }
  return best;
}

/**
 * Rotation that puts the rotate handle (which sits straight "above" the centre at rotation 0)
 * under the pointer. With `snap` (radians, > 0) the result is rounded to multiples of it.
 * Returns `fallback` when the pointer is on the centre (no direction).
 */
export function rotationFromPointer(center: Readonly<Vec2>, pointer: Readonly<Vec2>, fallback: number, snap = 0): number {
  const dx = pointer[0] - center[0];
  const dy = pointer[1] - center[1];
  if (!Number.isFinite(dx) || !Number.isFinite(dy) || Math.hypot(dx, dy) < 1e-6) return fallback;
  // "Above" is −Y: at rotation θ the handle direction is rotate([0, −1], θ) = (sin θ, −cos θ).
  let angle = Math.atan2(dx, -dy);
  if (snap > 0) angle = Math.round(angle / snap) * snap;
  return angle + 0;
}

/**
 * New half extents when the bottom-right corner handle of a box centred on `center` and rotated
 * by `rotation` is dragged to `pointer` (symmetric about the centre). Each extent is at least
 * `minHalf`. With `keepAspect` the box scales uniformly from `startHalf`.
 */
export function halfExtentsFromPointer(
  center: Readonly<Vec2>,
  rotation: number,
  pointer: Readonly<Vec2>,
  minHalf: number,
  keepAspect?: { startHalf: Readonly<Vec2> },
): Vec2 {
  const local = toLocal(pointer, center, rotation);
  let hx = Math.abs(local[0]);
  let hy = Math.abs(local[1]);
  if (!Number.isFinite(hx) || !Number.isFinite(hy)) return [minHalf, minHalf];
  if (keepAspect) {
    const [sx, sy] = keepAspect.startHalf;
    const k = Math.max(hx / Math.max(sx, 1e-9), hy / Math.max(sy, 1e-9));
    hx = sx * k;
    hy = sy * k;
    const lift = Math.max(minHalf / Math.max(hx, 1e-9), minHalf / Math.max(hy, 1e-9), 1);
    return [hx * lift, hy * lift];
  }
  return [Math.max(hx, minHalf), Math.max(hy, minHalf)];
}
