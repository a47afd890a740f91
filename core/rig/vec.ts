/**
 * Vector helpers for the rig. The shared stage-space helpers live in core/geometry/vec and are
 * re-exported here so rig modules have one import; only rig-specific additions are defined below.
 */
import { type Vec2, len } from '../geometry/vec';

export * from '../geometry/vec';

/** Below this length a vector has no usable direction (IK falls back to a fixed direction). */
export const DIRECTION_EPSILON = 1e-9;

export const isFiniteVec = (v: Readonly<Vec2>): boolean => Number.isFinite(v[0]) && Number.isFinite(v[1]);

export const midpoint = (a: Readonly<Vec2>, b: Readonly<Vec2>): Vec2 => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];

/** Angle of `v` from +X, as atan2(y, x); with +Y down a positive angle is clockwise on screen. */
export const angleOf = (v: Readonly<Vec2>): number => Math.atan2(v[1], v[0]);

/**
 * Unit vector along `v`, or a copy of `fallback` when `v` is zero, tiny or non-finite — for
 * callers that need a real direction (a capsule axis, an IK reach line), not the zero vector.
 */
export function normalizeOr(v: Readonly<Vec2>, fallback: Readonly<Vec2>): Vec2 {
  const length = len(v);
  if (!(length > DIRECTION_EPSILON) || !Number.isFinite(length)) return [fallback[0], fallback[1]];
  return [v[0] / length, v[1] / length];
}
