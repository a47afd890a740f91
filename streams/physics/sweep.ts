/**
 * The airborne horizontal sweep (seed phase 6a §5.1), Rapier-backed: this rig's own ten collision
 * proxies — the colliders already in the world, at the transforms the last step left them —
 * cast along the requested motion against terrain, props and other stickmen, with every collider
 * of this rig excluded. The result is the minimum safe fraction over the ten.
 *
 * The seed casts all ten every airborne step and records that as a scaling trade-off. Here one
 * cast of a box bounding all ten goes first: a box that meets nothing along the motion proves no
 * proxy does, so the ten run only when it hits. The box stops at any initial overlap (it must
 * never miss what a proxy could hit); the proxies themselves ignore an overlap they are leaving,
 * so a trailing foot still touching the ledge top does not cancel the takeoff momentum.
 */
import type { Vec2 } from '../../core/geometry/vec';
import type { HorizontalSweep } from '../../core/locomotion/types';
import { RAPIER } from './rapier';
import { toMeters } from './units';
import type { PhysicsWorld } from './world';

type Collider = InstanceType<typeof RAPIER.Collider>;

/** Sweep work done in one physics world, for the benchmark and tests. */
export interface SweepStats {
  /** Sweeps asked for (one per airborne rig-step with horizontal motion). */
  sweeps: number;
  /** Shape casts made: one bounding cast per sweep, plus ten when the bounding cast hit. */
  casts: number;
  /** Sweeps whose bounding cast hit something, so the ten proxy casts ran. */
  boundingHits: number;
  /** Sweeps asked for a rig with no proxy colliders in the world (degraded to free motion). */
  missingProxies: number;
}

const statsByWorld = new WeakMap<PhysicsWorld, SweepStats>();

/** The sweep counters of one world (zeros before its first sweep). */
export function sweepStats(physics: PhysicsWorld): SweepStats {
  let stats = statsByWorld.get(physics);
  if (!stats) statsByWorld.set(physics, (stats = { sweeps: 0, casts: 0, boundingHits: 0, missingProxies: 0 }));
  return stats;
}

/** Axis-aligned bounds of one proxy collider, meters, widened into `box` (minX, minY, maxX, maxY). */
function growBounds(c: Collider, box: Float64Array): void {
  const t = c.translation();
  const shape = c.shape;
  let ex: number;
  let ey: number;
  if (shape instanceof RAPIER.Capsule) {
    // Capsules lie along local Y: the axis half-vector is rotate((0, halfHeight), θ).
    const r = c.rotation();
    ex = Math.abs(Math.sin(r)) * shape.halfHeight + shape.radius;
    ey = Math.abs(Math.cos(r)) * shape.halfHeight + shape.radius;
  } else if (shape instanceof RAPIER.Ball) {
    ex = ey = shape.radius;
  } else {
    // Any other shape: Rapier's own AABB would be exact, but the proxies are only capsules and a
    // ball; a generous square keeps the bound conservative should that ever change.
    const r = shape instanceof RAPIER.Cuboid ? Math.hypot(shape.halfExtents.x, shape.halfExtents.y) : 10;
    ex = ey = r;
  }
  box[0] = Math.min(box[0], t.x - ex);
  box[1] = Math.min(box[1], t.y - ey);
  box[2] = Math.max(box[2], t.x + ex);
  box[3] = Math.max(box[3], t.y + ey);
}

/**
 * The sweep for one stickman, to inject into its LocomotionEnv. Motion is in stage px; the
 * answer is the free fraction of it, 1 when nothing is in the way.
 */
export function createRigSweep(physics: PhysicsWorld, rigId: string): HorizontalSweep {
  const bounds = new Float64Array(4);
  const boundingBox = new RAPIER.Cuboid(0.01, 0.01);
  const others = (c: Collider): boolean => {
    const e = physics.entityOf(c);
    return !!e && e.id !== rigId && e.kind !== 'area';
  };
  return (motion: Readonly<Vec2>): number => {
    const stats = sweepStats(physics);
    stats.sweeps += 1;
    const colliders = physics.partColliders(rigId);
    if (colliders.length === 0) {
      stats.missingProxies += 1;
      return 1;
    }
    const world = physics.queryWorld;
    const vel = { x: toMeters(motion[0]), y: toMeters(motion[1]) };

    bounds[0] = bounds[1] = Infinity;
    bounds[2] = bounds[3] = -Infinity;
    for (const c of colliders) growBounds(c, bounds);
    boundingBox.halfExtents = { x: (bounds[2] - bounds[0]) / 2, y: (bounds[3] - bounds[1]) / 2 };
    const centre = { x: (bounds[0] + bounds[2]) / 2, y: (bounds[1] + bounds[3]) / 2 };
    stats.casts += 1;
    const broad = world.castShape(centre, 0, vel, boundingBox, 0, 1, true, undefined, undefined, undefined, undefined, others);
    if (!broad) return 1;

    stats.boundingHits += 1;
    let fraction = 1;
    for (const c of colliders) {
      stats.casts += 1;
      const hit = world.castShape(c.translation(), c.rotation(), vel, c.shape, 0, 1, false, undefined, undefined, undefined, undefined, others);
      if (hit && hit.time_of_impact < fraction) fraction = hit.time_of_impact;
    }
    return fraction;
  };
}
