/**
 * A contact's geometry (normal, point, relative speed), read from Rapier only when someone asks,
 * once: most part↔prop starts and every stop never need it. A crowd among props starts ~140
 * stickman↔prop contacts a step and each is measured, so a measurement reads the pair's manifolds
 * only up to the first with a normal, into reused scratch (no closure, array or vector per contact).
 *
 * The relative speed is the one the two met with, before this step's solve: a prop's velocity as
 * the step began (./startVelocities, noted with its pose after each step), a stickman's proxy's
 * kinematic velocity (a proxy is moved, never pushed: after the step it still moves as told),
 * terrain's none. A ragdoll body's is its velocity after the step (its contacts fire no events),
 * and so is a prop's in a world whose poses are never read (a preview's, which steps no contacts).
 */
import type { RAPIER } from './rapier';
import { toPixels } from './units';
import { hypot } from '../../core/geometry/vec';
import { isFixed, isPropBody, type ColliderEntity, type ContactEvent, type Vec2 } from './entities';
import type { StartVelocities } from './startVelocities';
import { wrapWithoutFinalizer } from './transientWrappers';

type World = InstanceType<typeof RAPIER.World>;
type Collider = InstanceType<typeof RAPIER.Collider>;
interface XY {
  x: number;
  y: number;
}

/**
 * What one pass over a started pair's manifolds found: the normal (pointing a → b) and solver
 * point of the first manifold whose normal is not zero. One instance, reset by each `read`.
 *
 * It reads the narrow phase's raw pair, as `World.contactPair` does, but stops at the manifold it
 * needs: `contactPair` wraps every manifold of the pair for its callback (each wrapper registered
 * with, then removed from, a FinalizationRegistry) and asks the pair its manifold count again
 * each time round. The numbers are the same ones: Rapier writes them into a Float32Array either way.
 */
class ManifoldReading {
  nx = 0;
  ny = 0;
  px = 0;
  py = 0;
  hasPoint = false;
  private readonly buffer = new Float32Array(2);

  /** Reads the pair of colliders `ha`, `hb` (`ha`'s side first) in `world`. */
  read(world: World, ha: number, hb: number): void {
    this.nx = 0;
    this.ny = 0;
    this.hasPoint = false;
    const pair = world.narrowPhase.raw.contact_pair(ha, hb);
    if (!pair) return;
    wrapWithoutFinalizer(pair);
    try {
      // The pair's normals point from its collider1 to its collider2, which need not be `ha`.
      const flipped = pair.collider1() !== ha;
      const count = pair.numContactManifolds();
      const b = this.buffer;
      for (let i = 0; i < count && this.nx === 0 && this.ny === 0; i += 1) {
        const manifold = pair.contactManifold(i);
        if (!manifold) continue;
        wrapWithoutFinalizer(manifold);
        try {
          manifold.normal(b);
          this.nx = flipped ? -b[0] : b[0];
          this.ny = flipped ? -b[1] : b[1];
          // False when the manifold has no solver contact (Rapier checks the index): no count to ask first.
          if (manifold.solver_contact_point(world.bodies.raw, 0, b)) {
            this.px = toPixels(b[0]);
            this.py = toPixels(b[1]);
            this.hasPoint = true;
          }
        } finally {
          manifold.free();
        }
      }
    } finally {
      pair.free();
    }
  }
}

const reading = new ManifoldReading();
const velocityA: XY = { x: 0, y: 0 };
const velocityB: XY = { x: 0, y: 0 };

/** What a measurement found. */
interface Measurement {
  normal: Vec2;
  point: Vec2;
  relativeSpeed: number;
}

/**
 * A contact of the last step, measured on first access; valid until the next step. Most are never
 * measured: they carry only what names them, as small as the contact can be.
 */
export class MeasuredContact implements ContactEvent {
  private measured: Measurement | null = null;

  constructor(
    private readonly world: World,
    readonly type: 'started' | 'stopped',
    readonly a: ColliderEntity,
    readonly b: ColliderEntity,
    private readonly ha: number,
    private readonly hb: number,
    private readonly startVelocities: StartVelocities,
    /** Which colliders are still in the world (the world's own `contains` is a wasm call a contact). */
    private readonly live: { has(handle: number): boolean },
  ) {}

  get normal(): Vec2 {
    return (this.measured ?? this.measure()).normal;
  }

  get point(): Vec2 {
    return (this.measured ?? this.measure()).point;
  }

  get relativeSpeed(): number {
    return (this.measured ?? this.measure()).relativeSpeed;
  }

  private measure(): Measurement {
    let normal: Vec2 | null = null;
    // Between the two colliders' positions unless the manifold or the nearest points say where.
    let point: Vec2 | null = null;
    // The colliders are looked up only where a measurement needs more than the pair's manifold.
    let ca: Collider | null | undefined;
    let cb: Collider | null | undefined;
    if (this.type === 'started' && this.bothLive()) {
      reading.read(this.world, this.ha, this.hb);
      if (reading.hasPoint) point = [reading.px, reading.py];
      if (reading.nx === 0 && reading.ny === 0) {
        ca = this.world.getCollider(this.ha);
        cb = this.world.getCollider(this.hb);
        // No manifold (touching only through prediction): aim from a's nearest surface point to
        // b's. A collider's position is no answer: terrain sits at the stage origin.
        const fallback = nearestPointNormal(ca, cb);
        if (fallback) {
          normal = fallback.normal;
          point = fallback.point;
        }
      }
      normal ??= [reading.nx, reading.ny];
    }
    if (!point) {
      ca ??= this.world.getCollider(this.ha);
      cb ??= this.world.getCollider(this.hb);
      const pa = ca ? ca.translation() : { x: 0, y: 0 };
      const pb = cb ? cb.translation() : { x: 0, y: 0 };
      point = [toPixels((pa.x + pb.x) / 2), toPixels((pa.y + pb.y) / 2)];
    }
    const va = this.velocityAtStart(this.a, this.ha, velocityA);
    const vb = this.velocityAtStart(this.b, this.hb, velocityB);
    // The normal is zero when unknown (a stop, a collider gone).
    this.measured = { normal: normal ?? [0, 0], point, relativeSpeed: hypot(vb.x - va.x, vb.y - va.y) };
    return this.measured;
  }

  /** Both colliders are still in the world (one may have gone with its body since the step). */
  private bothLive(): boolean {
    return this.live.has(this.ha) && this.live.has(this.hb);
  }

  /** How fast `entity`'s body (its collider `handle`'s) moved as the step began, into `out` (px/s). */
  private velocityAtStart(entity: ColliderEntity, handle: number, out: XY): XY {
    if (isPropBody(entity) && this.startVelocities.read(entity.id, out)) return out;
    const body = isFixed(entity) ? null : this.world.getCollider(handle)?.parent() ?? null;
    if (!body) {
      out.x = 0;
      out.y = 0;
      return out;
    }
    const v = body.linvel(out);
    out.x = toPixels(v.x);
    out.y = toPixels(v.y);
    return out;
  }
}

/** Direction from `ca` to `cb` between their nearest surface points (stage px for the point). */
export function nearestPointNormal(ca: Collider, cb: Collider): { normal: Vec2; point: Vec2 } | null {
  const pb = cb.translation();
  // The point of a nearest b's centre, then the point of b nearest that: the closest pair for convex shapes.
  const onA = ca.projectPoint(pb, false);
  if (!onA) return null;
  const onB = cb.projectPoint(onA.point, false);
  if (!onB) return null;
  let dx = onB.point.x - onA.point.x;
  let dy = onB.point.y - onA.point.y;
  let l = hypot(dx, dy);
  if (!(l > 1e-9)) {
    // Touching or overlapping: from a's surface point towards b's centre.
    dx = pb.x - onA.point.x;
    dy = pb.y - onA.point.y;
    l = hypot(dx, dy);
    if (!(l > 1e-9)) return null;
  }
  const mid = { x: (onA.point.x + onB.point.x) / 2, y: (onA.point.y + onB.point.y) / 2 };
  return { normal: [dx / l, dy / l], point: [toPixels(mid.x), toPixels(mid.y)] };
}
