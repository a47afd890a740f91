/**
 * The director's grab in PLAY (issue 8): a spring-damper at the grabbed point of one dynamic body
 * (a prop, or one part of a ragdoll) pulls it towards the cursor with impulses at that point, so
 * it swings and drags what is jointed to it; letting go leaves it the cursor's velocity.
 */
import { RAPIER } from './rapier';
import { toMeters, toPixels } from './units';
import type { Vec2 } from './entities';

type RigidBody = InstanceType<typeof RAPIER.RigidBody>;

/** How fast the grabbed point closes the gap to the cursor, per second of gap. */
export const GRAB_STIFFNESS = 14;
/** The fastest the grabbed point is asked to move (px/s). */
export const GRAB_MAX_SPEED = 3000;
/** How much of the velocity error one step's impulse removes (0..1): softness. */
export const GRAB_RESPONSE = 0.6;
/** A let-go throw is clamped to this speed (px/s). */
export const GRAB_RELEASE_MAX_SPEED = 2500;

/** The body-local point (px) under a world point, for the spring to hold. */
export function localPoint(body: RigidBody, world: Vec2): Vec2 {
  const t = body.translation();
  const a = body.rotation();
  const dx = world[0] - toPixels(t.x);
  const dy = world[1] - toPixels(t.y);
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [c * dx + s * dy, -s * dx + c * dy];
}

export function worldPoint(body: RigidBody, local: Vec2): Vec2 {
  const t = body.translation();
  const a = body.rotation();
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [toPixels(t.x) + c * local[0] - s * local[1], toPixels(t.y) + s * local[0] + c * local[1]];
}

/** One step's pull of the grabbed point towards `target` (px). */
export function pull(body: RigidBody, local: Vec2, target: Vec2): void {
  const p = worldPoint(body, local);
  let vx = (target[0] - p[0]) * GRAB_STIFFNESS;
  let vy = (target[1] - p[1]) * GRAB_STIFFNESS;
  const speed = Math.hypot(vx, vy);
  if (speed > GRAB_MAX_SPEED) {
    vx *= GRAB_MAX_SPEED / speed;
    vy *= GRAB_MAX_SPEED / speed;
  }
  // Velocity of the grabbed point: the body's linear velocity plus ω × r.
  const v = body.linvel();
  const w = body.angvel();
  const t = body.translation();
  const rx = toMeters(p[0]) - t.x;
  const ry = toMeters(p[1]) - t.y;
  const pvx = v.x - w * ry;
  const pvy = v.y + w * rx;
  const m = body.mass();
  const ix = m * (toMeters(vx) - pvx) * GRAB_RESPONSE;
  const iy = m * (toMeters(vy) - pvy) * GRAB_RESPONSE;
  body.applyImpulseAtPoint({ x: ix, y: iy }, { x: toMeters(p[0]), y: toMeters(p[1]) }, true);
}

/** Let go: the body keeps the cursor's velocity (clamped), its spin damped to what it had. */
export function release(body: RigidBody, velocity: Vec2): void {
  let [vx, vy] = velocity;
  const speed = Math.hypot(vx, vy);
  if (!Number.isFinite(speed)) return;
  if (speed > GRAB_RELEASE_MAX_SPEED) {
    vx *= GRAB_RELEASE_MAX_SPEED / speed;
    vy *= GRAB_RELEASE_MAX_SPEED / speed;
  }
  body.setLinvel({ x: toMeters(vx), y: toMeters(vy) }, true);
}
