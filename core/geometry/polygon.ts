/**
 * Polygon helpers for terrain pieces and outlines (stage space: px, +X right, +Y DOWN).
 *
 * Winding convention: the shoelace `signedArea` is positive when the points run
 * counter-clockwise in the math sense (x right, y up). Because stage +Y points DOWN, such a
 * polygon looks CLOCKWISE on screen. Every polygon produced in core/ is normalised to
 * POSITIVE signed area, so the outward normal of edge a→b is always the right-hand
 * perpendicular normalize([e.y, -e.x]) (see `edgeOutwardNormal`).
 */
import { type Vec2, cross, rotate } from './vec';

/** Axis-aligned bounding box in stage pixels. */
export interface Aabb {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Relative tolerance for "collinear" / "same point" tests (scaled by polygon size). */
const RELATIVE_EPS = 1e-9;

/** Shoelace area; positive = math-CCW = clockwise as drawn with +Y down. */
export function signedArea(points: readonly Readonly<Vec2>[]): number {
  let twice = 0;
  const n = points.length;
  for (let i = 0; i < n; i++) {
    const a = points[i];
    const b = points[(i + 1) % n];
    twice += a[0] * b[1] - b[0] * a[1];
  }
  return twice / 2;
}

/**
 * Copy of `points` wound so that sign(signedArea) === `sign` (default +1, the core/
 * convention). Zero-area input is copied unchanged.
 */
export function ensureWinding(points: readonly Readonly<Vec2>[], sign: 1 | -1 = 1): Vec2[] {
  const copy = points.map((p) => [p[0], p[1]] as Vec2);
  return signedArea(points) * sign < 0 ? copy.reverse() : copy;
}

export function polygonAabb(points: readonly Readonly<Vec2>[]): Aabb {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    if (p[0] < minX) minX = p[0];
    if (p[0] > maxX) maxX = p[0];
    if (p[1] < minY) minY = p[1];
    if (p[1] > maxY) maxY = p[1];
  }
  return { minX, minY, maxX, maxY };
}

/** Size used to turn RELATIVE_EPS into pixels; at least 1 px so tiny shapes are not all "equal". */
function referenceSize(points: readonly Readonly<Vec2>[]): number {
  const b = polygonAabb(points);
  return Math.max(b.maxX - b.minX, b.maxY - b.minY, 1);
}

/**
 * Drop repeated consecutive points and vertices that lie on a straight continuation of their
 * neighbours. Both carry no shape but would produce zero-length or split edges (NaN normals,
 * duplicated surfaces). A "spike" (path reversing on itself) is kept so `isConvex` rejects it.
 */
export function cleanPolygon(points: readonly Readonly<Vec2>[]): Vec2[] {
  let pts = points.map((p) => [p[0], p[1]] as Vec2);
  if (pts.length === 0) return pts;
  const tol = RELATIVE_EPS * referenceSize(pts);
  let changed = true;
  while (changed && pts.length >= 3) {
    changed = false;
    const out: Vec2[] = [];
    for (let i = 0; i < pts.length; i++) {
      const prev = out.length > 0 ? out[out.length - 1] : pts[pts.length - 1];
      const cur = pts[i];
      const next = pts[(i + 1) % pts.length];
      const e1x = cur[0] - prev[0];
      const e1y = cur[1] - prev[1];
      const e2x = next[0] - cur[0];
      const e2y = next[1] - cur[1];
      const l1 = Math.hypot(e1x, e1y);
      const l2 = Math.hypot(e2x, e2y);
      const duplicate = l1 <= tol;
      const straight =
        !duplicate && l2 > tol && Math.abs(e1x * e2y - e1y * e2x) <= RELATIVE_EPS * l1 * l2 && e1x * e2x + e1y * e2y > 0;
      if (duplicate || straight) changed = true;
      else out.push(cur);
    }
    pts = out;
  }
  // Two-point remnants can still be identical; collapse so callers see the true count.
  if (pts.length === 2 && Math.hypot(pts[0][0] - pts[1][0], pts[0][1] - pts[1][1]) <= tol) pts.pop();
  return pts;
}

/** True when the points span (almost) no area: fewer than 3 points, coincident or collinear. */
export function isDegenerate(points: readonly Readonly<Vec2>[]): boolean {
  if (points.length < 3) return true;
  const size = referenceSize(points);
  return Math.abs(signedArea(points)) <= RELATIVE_EPS * size * size;
}

/**
 * Convex, simple and non-degenerate, in either winding. Collinear vertices are allowed
 * (they do not change the shape); repeated points are not (clean first). The total turning
 * must be one full turn, which rejects self-intersecting "star" loops whose turns all share a
 * sign.
 */
export function isConvex(points: readonly Readonly<Vec2>[]): boolean {
  const n = points.length;
  if (isDegenerate(points)) return false;
  const tol = RELATIVE_EPS * referenceSize(points);
  let sign = 0;
  let turning = 0;
  for (let i = 0; i < n; i++) {
    const a = points[(i + n - 1) % n];
    const b = points[i];
    const c = points[(i + 1) % n];
    const e1: Vec2 = [b[0] - a[0], b[1] - a[1]];
    const e2: Vec2 = [c[0] - b[0], c[1] - b[1]];
    const l1 = Math.hypot(e1[0], e1[1]);
    const l2 = Math.hypot(e2[0], e2[1]);
    if (l1 <= tol || l2 <= tol) return false;
    const z = cross(e1, e2);
    const d = e1[0] * e2[0] + e1[1] * e2[1];
    turning += Math.atan2(z, d);
    if (Math.abs(z) <= RELATIVE_EPS * l1 * l2) continue; // collinear vertex: no turn
    const s = z > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return Math.abs(Math.abs(turning) - 2 * Math.PI) < 1e-6;
}

/**
 * Inclusive point-in-convex-polygon test (boundary counts as inside), either winding.
 * `eps` widens the boundary by that many pixels (0 = exact).
 */
export function pointInConvexPolygon(
  p: Readonly<Vec2>,
  polygon: readonly Readonly<Vec2>[],
  eps = 0,
): boolean {
  const n = polygon.length;
  if (n < 3) return false;
  let pos = false;
  let neg = false;
  for (let i = 0; i < n; i++) {
    const a = polygon[i];
    const b = polygon[(i + 1) % n];
    const ex = b[0] - a[0];
    const ey = b[1] - a[1];
    const l = Math.hypot(ex, ey);
    if (l === 0) continue;
    // Signed distance of p from the edge line (cross / |e|), so eps is in pixels.
    const dist = (ex * (p[1] - a[1]) - ey * (p[0] - a[0])) / l;
    if (dist > eps) pos = true;
    else if (dist < -eps) neg = true;
    if (pos && neg) return false;
  }
  return true;
}

/** Rotate each point about the origin by `rotation` radians, then translate. */
export function transformPoints(
  points: readonly Readonly<Vec2>[],
  rotation: number,
  translation: Readonly<Vec2>,
): Vec2[] {
  return points.map((p) => {
    const r = rotate(p, rotation);
    return [r[0] + translation[0], r[1] + translation[1]] as Vec2;
  });
}

/**
 * Unit outward normal of edge a→b of a POSITIVE-area polygon (the core/ convention):
 * the right-hand perpendicular [e.y, -e.x]. A zero-length edge yields [0, 0].
 */
export function edgeOutwardNormal(a: Readonly<Vec2>, b: Readonly<Vec2>): Vec2 {
  const ex = b[0] - a[0];
  const ey = b[1] - a[1];
  const l = Math.hypot(ex, ey);
  if (l === 0) return [0, 0];
  // `+ 0` turns -0 into 0 so axis-aligned normals compare and serialise cleanly.
  return [ey / l + 0, -ex / l + 0];
}

/**
 * The physics engine (Rapier 0.21, i.e. parry2d in 32-bit floats) builds a convex polygon from its
 * hull and then drops every vertex whose two edges' outward normals have a dot product above
 * 1 − √ε(f32) — a vertex turning by less than about 1.5°. A triangle flatter than about 0.0066 of
 * its base loses its apex that way, and the engine then fails inside `createCollider` (a
 * 10,000 × 60 px hill, a 100 × 0.6 px sliver). Core merges such vertices itself, with twice that
 * turn as a margin so rounding to 32 bits can never make the engine drop a vertex core kept: the
 * polygon core checks, draws and probes is the one the engine holds.
 */
export const PHYSICS_MIN_TURN = 2 * Math.acos(1 - Math.sqrt(2 ** -23));

/** Turn (radians, ≥ 0) at vertex b between edges a→b and b→c; 0 when b repeats a neighbour (so it is merged first). */
function turnAt(a: Readonly<Vec2>, b: Readonly<Vec2>, c: Readonly<Vec2>): number {
  const e1x = b[0] - a[0];
  const e1y = b[1] - a[1];
  const e2x = c[0] - b[0];
  const e2y = c[1] - b[1];
  if ((e1x === 0 && e1y === 0) || (e2x === 0 && e2y === 0)) return 0;
  return Math.abs(Math.atan2(e1x * e2y - e1y * e2x, e1x * e2x + e1y * e2y));
}

/**
 * A convex polygon as the physics engine will hold it: vertices that turn by less than
 * PHYSICS_MIN_TURN (or repeat their neighbour) merged away, the flattest first, until every
 * remaining vertex turns enough. Fewer than 3 points back means the engine cannot build it.
 * Angles do not depend on scale, so local and stage coordinates agree.
 */
export function physicsPolygon(points: readonly Readonly<Vec2>[]): Vec2[] {
  const pts = points.map((p) => [p[0], p[1]] as Vec2);
  while (pts.length >= 3) {
    let flattest = -1;
    let least = PHYSICS_MIN_TURN;
    const n = pts.length;
    for (let i = 0; i < n; i++) {
      const turn = turnAt(pts[(i + n - 1) % n], pts[i], pts[(i + 1) % n]);
      if (turn < least) {
        least = turn;
        flattest = i;
      }
    }
    if (flattest < 0) break;
    pts.splice(flattest, 1);
  }
  return pts;
}

/** Why the physics engine cannot build this convex polygon, or null when it can (see physicsPolygon). */
export function physicsPolygonProblem(points: readonly Readonly<Vec2>[]): string | null {
  if (physicsPolygon(points).length >= 3) return null;
  const deg = ((PHYSICS_MIN_TURN * 180) / Math.PI).toFixed(1);
  return `polygon is too flat for the physics engine: merging its corners that turn less than ${deg}° leaves fewer than 3`;
}
