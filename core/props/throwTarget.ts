/**
 * The throw's effective target (seed phase 11 §1.2 "Range cap"): the saved raw point stays as
 * authored; what the solver aims at is that point clamped to MAX_THROW_RANGE from the
 * stickman's current root, recomputed at preview time and again when the throw starts.
 */
import { type Vec2 } from '../geometry/vec';

/** Radius (px) around the stickman's root that a throw may reach. */
export const MAX_THROW_RANGE = 3600;
/** A raw point this close (px) to the root means "no throw": the prop stays held. */
export const THROW_NOOP_DISTANCE = 4;

export type EffectiveThrowTarget =
  | { kind: 'noop' }
  /** `clamped` says the raw point lay beyond range and `point` is its projection onto the cap. */
  | { kind: 'target'; point: Vec2; clamped: boolean };

/**
 * Clamps `raw` to MAX_THROW_RANGE from `root` along root→raw. Within THROW_NOOP_DISTANCE of the
 * root (inclusive) the throw is a no-op. A non-finite input is also a no-op: it must never turn
 * into a velocity that reaches physics.
 */
export function effectiveThrowTarget(root: Readonly<Vec2>, raw: Readonly<Vec2>): EffectiveThrowTarget {
  const dx = raw[0] - root[0];
  const dy = raw[1] - root[1];
  const dist = Math.hypot(dx, dy);
  if (!Number.isFinite(dist) || dist <= THROW_NOOP_DISTANCE) return { kind: 'noop' };
  // Within range the raw point is returned as is (not re-derived from root + offset) so it stays exact.
  if (dist <= MAX_THROW_RANGE) return { kind: 'target', point: [raw[0], raw[1]], clamped: false };
  const k = MAX_THROW_RANGE / dist;
  return { kind: 'target', point: [root[0] + dx * k, root[1] + dy * k], clamped: true };
}
