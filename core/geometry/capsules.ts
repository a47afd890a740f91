/**
 * Capsule proximity (pure): the closest points of two segments, and whether two capsules (a
 * segment with a radius; a circle is a zero-length one) touch. The stage uses it for stickman ↔
 * stickman touches, which Rapier would only report at the cost of every rig's own parts
 * colliding with each other every step.
 */
import { hypot, type Vec2 } from './vec';

export interface Capsule {
  a: Vec2;
  b: Vec2;
  radius: number;
}

export interface ClosestPoints {
  /** On the first segment, on the second, and their distance. */
  p: Vec2;
  q: Vec2;
  distance: number;
}

const clamp01 = (t: number): number => (t < 0 ? 0 : t > 1 ? 1 : t);

/** Closest points between segments p1–q1 and p2–q2 (Ericson, Real-Time Collision Detection 5.1.9). */
export function closestPoints(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2): ClosestPoints {
  const st = closestParameters(p1[0], p1[1], q1[0], q1[1], p2[0], p2[1], q2[0], q2[1]);
  const p: Vec2 = [p1[0] + (q1[0] - p1[0]) * st.s, p1[1] + (q1[1] - p1[1]) * st.s];
  const q: Vec2 = [p2[0] + (q2[0] - p2[0]) * st.t, p2[1] + (q2[1] - p2[1]) * st.t];
  return { p, q, distance: hypot(q[0] - p[0], q[1] - p[1]) };
}

/** Reused by closestParameters so the hot path (many rig pairs, every step) allocates nothing. */
const ST = { s: 0, t: 0 };

/** Distance between segments (x1,y1)–(x2,y2) and (x3,y3)–(x4,y4), allocation-free. */
export function segmentDistance(x1: number, y1: number, x2: number, y2: number, x3: number, y3: number, x4: number, y4: number): number {
  const { s, t } = closestParameters(x1, y1, x2, y2, x3, y3, x4, y4);
  return hypot(x3 + (x4 - x3) * t - (x1 + (x2 - x1) * s), y3 + (y4 - y3) * t - (y1 + (y2 - y1) * s));
}

/** The closest points' parameters along each segment (0..1). The returned object is reused. */
function closestParameters(p1x: number, p1y: number, q1x: number, q1y: number, p2x: number, p2y: number, q2x: number, q2y: number): { s: number; t: number } {
  const d1x = q1x - p1x;
  const d1y = q1y - p1y;
  const d2x = q2x - p2x;
  const d2y = q2y - p2y;
  const rx = p1x - p2x;
  const ry = p1y - p2y;
  const a = d1x * d1x + d1y * d1y;
  const e = d2x * d2x + d2y * d2y;
  const f = d2x * rx + d2y * ry;
  let s: number;
  let t: number;
  const EPS = 1e-12;
  if (a <= EPS && e <= EPS) {
    s = 0;
    t = 0;
  } else if (a <= EPS) {
    s = 0;
    t = clamp01(f / e);
  } else {
    const c = d1x * rx + d1y * ry;
    if (e <= EPS) {
      t = 0;
      s = clamp01(-c / a);
    } else {
      const b = d1x * d2x + d1y * d2y;
      const denom = a * e - b * b;
      s = denom > EPS ? clamp01((b * f - c * e) / denom) : 0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = clamp01(-c / a);
      } else if (t > 1) {
        t = 1;
        s = clamp01((b - c) / a);
      }
    }
  }
  ST.s = s;
  ST.t = t;
  return ST;
}

/** How far apart two capsules' surfaces are (negative: overlapping), with their closest axis points. */
export function capsuleGap(x: Capsule, y: Capsule): ClosestPoints & { gap: number } {
  const c = closestPoints(x.a, x.b, y.a, y.b);
  return { ...c, gap: c.distance - x.radius - y.radius };
}
