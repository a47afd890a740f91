/**
 * The director's grab in PLAY (issue 8): a kinematic cursor body joined by a soft spring to the
 * grabbed point of one dynamic body (a prop, or one part of a ragdoll). The joint solver pulls
 * with the articulated mass behind it, so a stickman held by its head hangs from the cursor; the
 * spring's stiffness is set from the mass it holds so every grab feels the same. Letting go
 * frees the joint and leaves the body the cursor's velocity.
 */
import { RAPIER } from './rapier';
import { toMeters, toPixels } from './units';
import type { Vec2 } from './entities';

type World = InstanceType<typeof RAPIER.World>;
type RigidBody = InstanceType<typeof RAPIER.RigidBody>;
type Joint = InstanceType<typeof RAPIER.ImpulseJoint>;

/** The hold's natural frequency (Hz) and damping ratio: firm, barely overshooting. */
export const GRAB_FREQUENCY_HZ = 4;
export const GRAB_DAMPING_RATIO = 0.9;
/** A let-go throw is clamped to this speed (px/s). */
export const GRAB_RELEASE_MAX_SPEED = 2500;

export interface GrabHold {
  body: RigidBody;
  cursor: RigidBody;
  joint: Joint;
}

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

/** Holds `body` at its local point `local` (px) from a cursor at `cursor`, as if `mass` (kg) hung there. */
export function hold(world: World, body: RigidBody, local: Vec2, cursor: Vec2, mass: number): GrabHold {
  const cursorBody = world.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased().setTranslation(toMeters(cursor[0]), toMeters(cursor[1])));
  const omega = 2 * Math.PI * GRAB_FREQUENCY_HZ;
  const stiffness = mass * omega * omega;
  const damping = 2 * GRAB_DAMPING_RATIO * Math.sqrt(stiffness * mass);
  const data = RAPIER.JointData.spring(0, stiffness, damping, { x: 0, y: 0 }, { x: toMeters(local[0]), y: toMeters(local[1]) });
  const joint = world.createImpulseJoint(data, cursorBody, body, true);
  body.wakeUp();
  return { body, cursor: cursorBody, joint };
}

export function moveHold(h: GrabHold, cursor: Vec2): void {
  if (h.cursor.isValid()) h.cursor.setNextKinematicTranslation({ x: toMeters(cursor[0]), y: toMeters(cursor[1]) });
  if (h.body.isValid()) h.body.wakeUp();
}

/** Let go: the joint and the cursor body go; the body keeps the cursor's velocity (clamped). */
export function releaseHold(world: World, h: GrabHold, velocity: Vec2 | null): void {
  if (h.joint.isValid()) world.removeImpulseJoint(h.joint, true);
  if (h.cursor.isValid()) world.removeRigidBody(h.cursor);
  if (!velocity || !h.body.isValid()) return;
  let [vx, vy] = velocity;
  const speed = Math.hypot(vx, vy);
  if (!Number.isFinite(speed)) return;
  if (speed > GRAB_RELEASE_MAX_SPEED) {
    vx *= GRAB_RELEASE_MAX_SPEED / speed;
    vy *= GRAB_RELEASE_MAX_SPEED / speed;
  }
  h.body.setLinvel({ x: toMeters(vx), y: toMeters(vy) }, true);
}
