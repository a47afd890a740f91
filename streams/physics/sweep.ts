/**
 * The airborne horizontal sweep (seed phase 6a §5.1), Rapier-backed: this rig's own ten collision
 * proxies — the colliders already in the world, at the transforms the last step left them —
 * cast along the requested motion against terrain, props and other stickmen, with every collider
 * of this rig excluded. The result is the minimum safe fraction over the ten.
 *
 * The seed casts all ten every airborne step and records that as a scaling trade-off. Here one
 * cast of a convex hull around all ten goes first: a hull that meets nothing along the motion
 * proves no proxy does, so the ten run only when it hits. The hull stops at any initial overlap
 * (it must never miss what a proxy could hit); the proxies themselves ignore an overlap they are
 * leaving, so a trailing foot still touching the ledge top does not cancel the takeoff momentum.
 * Only the translation is swept: the air pose moving a limb into a wall is caught on the next
 * step, when that proxy starts inside the wall and the motion would take it deeper.
 */
import type { Vec2 } from '../../core/geometry/vec';
import type { HorizontalSweep } from '../../core/locomotion/types';
import { RAPIER } from './rapier';
import { toMeters } from './units';
import type { PhysicsWorld } from './world';
import { isPropBody, isSensor } from './entities';

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

/** How one world sweeps: `boundingCast: false` is the seed's way (all ten casts, every sweep), for the benchmark. */
export interface SweepOptions {
  boundingCast: boolean;
}

const ORIGIN = { x: 0, y: 0 };
const statsByWorld = new WeakMap<PhysicsWorld, SweepStats & SweepOptions>();

function stateOf(physics: PhysicsWorld): SweepStats & SweepOptions {
  let state = statsByWorld.get(physics);
  if (!state) statsByWorld.set(physics, (state = { sweeps: 0, casts: 0, boundingHits: 0, missingProxies: 0, boundingCast: true }));
  return state;
}

/** The sweep counters of one world (zeros before its first sweep). */
export function sweepStats(physics: PhysicsWorld): Readonly<SweepStats> {
  return stateOf(physics);
}

/** Changes how one world sweeps (the benchmark compares the bounding cast with the seed's ten). */
export function setSweepOptions(physics: PhysicsWorld, options: SweepOptions): void {
  stateOf(physics).boundingCast = options.boundingCast;
}

/** Octagon around a circle of radius r: its corners at r / cos(π/8) so the circle is inside it. */
const OCTAGON = Array.from({ length: 8 }, (_, k) => {
  const a = (k * Math.PI) / 4 + Math.PI / 8;
  const r = 1 / Math.cos(Math.PI / 8);
  return [Math.cos(a) * r, Math.sin(a) * r] as const;
});
const POINTS_PER_PROXY = 2 * OCTAGON.length;

function pushOctagon(out: Float32Array, at: number, x: number, y: number, radius: number): number {
  for (const [ox, oy] of OCTAGON) {
    out[at++] = x + ox * radius;
    out[at++] = y + oy * radius;
  }
  return at;
}

/**
 * Points (meters) whose convex hull holds every proxy: an octagon around each end circle of a
 * capsule, one around the head ball. Returns how many floats were written. The hull is far
 * tighter than a box: a wide head over narrow legs does not make the legs' bound wide, so a rig
 * dropping past the ledge it left stops touching it once its legs do.
 */
function hullPoints(colliders: readonly Collider[], out: Float32Array): number {
  let at = 0;
  for (const c of colliders) {
    const t = c.translation();
    const shape = c.shape;
    if (shape instanceof RAPIER.Capsule) {
      // Capsules lie along local Y: the end centres are ±rotate((0, halfHeight), θ).
      const r = c.rotation();
      const ax = -Math.sin(r) * shape.halfHeight;
      const ay = Math.cos(r) * shape.halfHeight;
      at = pushOctagon(out, at, t.x + ax, t.y + ay, shape.radius);
      at = pushOctagon(out, at, t.x - ax, t.y - ay, shape.radius);
    } else {
      // The head ball; any other shape gets a generous circle so the bound stays conservative.
      const radius = shape instanceof RAPIER.Ball ? shape.radius : shape instanceof RAPIER.Cuboid ? Math.hypot(shape.halfExtents.x, shape.halfExtents.y) : 10;
      at = pushOctagon(out, at, t.x, t.y, radius);
    }
  }
  return at;
}

/**
 * The sweep for one stickman, to inject into its LocomotionEnv. Motion is in stage px; the
 * answer is the free fraction of it, 1 when nothing is in the way.
 */
export function createRigSweep(physics: PhysicsWorld, rigId: string): HorizontalSweep {
  let points = new Float32Array(10 * POINTS_PER_PROXY * 2);
  const others = (c: Collider): boolean => {
    const e = physics.entityOf(c);
    return !!e && e.id !== rigId && !isSensor(e);
  };
  return (motion: Readonly<Vec2>): number => {
    const stats = stateOf(physics);
    stats.sweeps += 1;
    const colliders = physics.partColliders(rigId);
    if (colliders.length === 0) {
      stats.missingProxies += 1;
      return 1;
    }
    const world = physics.queryWorld;
    const vel = { x: toMeters(motion[0]), y: toMeters(motion[1]) };

    if (stats.boundingCast) {
      if (points.length < colliders.length * POINTS_PER_PROXY * 2) points = new Float32Array(colliders.length * POINTS_PER_PROXY * 2);
      const used = hullPoints(colliders, points);
      const hull = new RAPIER.ConvexPolygon(points.subarray(0, used), false);
      stats.casts += 1;
      const broad = world.castShape(ORIGIN, 0, vel, hull, 0, 1, true, undefined, undefined, undefined, undefined, others);
      if (!broad) return 1;
      stats.boundingHits += 1;
    }
    let fraction = 1;
    for (const c of colliders) {
      stats.casts += 1;
      const hit = world.castShape(c.translation(), c.rotation(), vel, c.shape, 0, 1, false, undefined, undefined, undefined, undefined, others);
      if (hit && hit.time_of_impact < fraction) fraction = hit.time_of_impact;
    }
    return fraction;
  };
}

/**
 * Would this stickman's body, moved by `motion` (stage px), run into a prop too heavy to push
 * (PhysicsWorld.isHeavyProp)? One cast of the hull around its ten proxies, against those props
 * only; none at all on a stage without one. A hull already touching one and moving away is free.
 */
export function createHeavyPropCheck(physics: PhysicsWorld, rigId: string): (motion: Readonly<Vec2>) => boolean {
  let points = new Float32Array(10 * POINTS_PER_PROXY * 2);
  const heavy = (c: Collider): boolean => {
    const e = physics.entityOf(c);
    return !!e && isPropBody(e) && physics.isHeavyProp(e.id);
  };
  return (motion) => {
    if (!physics.hasHeavyProps) return false;
    const colliders = physics.partColliders(rigId);
    if (colliders.length === 0) return false;
    if (points.length < colliders.length * POINTS_PER_PROXY * 2) points = new Float32Array(colliders.length * POINTS_PER_PROXY * 2);
    const used = hullPoints(colliders, points);
    const hull = new RAPIER.ConvexPolygon(points.subarray(0, used), false);
    const vel = { x: toMeters(motion[0]), y: toMeters(motion[1]) };
    return physics.queryWorld.castShape(ORIGIN, 0, vel, hull, 0, 1, false, undefined, undefined, undefined, undefined, heavy) !== null;
  };
}
