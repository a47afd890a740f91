/**
 * Capsule proximity (pure): the closest points of two segments, and whether two capsules (a
 * segment with a radius; a circle is a zero-length one) touch. The stage uses it for stickman ↔
 * stickman touches, which Rapier would only report at the cost of every rig's own parts
 * colliding with each other every step.
 */
import type { Vec2 } from './vec';

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
  const d1x = q1[0] - p1[0];
  const d1y = q1[1] - p1[1];
  const d2x = q2[0] - p2[0];
  const d2y = q2[1] - p2[1];
  const rx = p1[0] - p2[0];
  const ry = p1[1] - p2[1];
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
  const p: Vec2 = [p1[0] + d1x * s, p1[1] + d1y * s];
  const q: Vec2 = [p2[0] + d2x * t, p2[1] + d2y * t];
  return { p, q, distance: Math.hypot(q[0] - p[0], q[1] - p[1]) };
}

/** How far apart two capsules' surfaces are (negative: overlapping), with their closest axis points. */
export function capsuleGap(x: Capsule, y: Capsule): ClosestPoints & { gap: number } {
  const c = closestPoints(x.a, x.b, y.a, y.b);
  return { ...c, gap: c.distance - x.radius - y.radius };
}
