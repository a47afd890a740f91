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
  /** The damping the held bodies had, restored on release. */
  damping: Array<{ body: RigidBody; linear: number; angular: number }>;
}

/** While held, bodies move through thick air: a dragged box or a dangling stickman settles instead of swinging on. */
export const HELD_LINEAR_DAMPING = 2.5;
export const HELD_ANGULAR_DAMPING = 4;

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

/**
 * Holds `body` at its local point `local` (px) from a cursor at `cursor`, as if `mass` (kg) hung
 * there. `damped` are the bodies that hang from it (a ragdoll's parts; the body itself otherwise).
 */
export function hold(world: World, body: RigidBody, local: Vec2, cursor: Vec2, mass: number, damped: readonly RigidBody[] = [body]): GrabHold {
  const cursorBody = world.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased().setTranslation(toMeters(cursor[0]), toMeters(cursor[1])));
  const omega = 2 * Math.PI * GRAB_FREQUENCY_HZ;
  const stiffness = mass * omega * omega;
  const springDamping = 2 * GRAB_DAMPING_RATIO * Math.sqrt(stiffness * mass);
  const data = RAPIER.JointData.spring(0, stiffness, springDamping, { x: 0, y: 0 }, { x: toMeters(local[0]), y: toMeters(local[1]) });
  const joint = world.createImpulseJoint(data, cursorBody, body, true);
  body.wakeUp();
  const damping = damped.map((b) => ({ body: b, linear: b.linearDamping(), angular: b.angularDamping() }));
  for (const b of damped) {
    b.setLinearDamping(Math.max(b.linearDamping(), HELD_LINEAR_DAMPING));
    b.setAngularDamping(Math.max(b.angularDamping(), HELD_ANGULAR_DAMPING));
  }
  return { body, cursor: cursorBody, joint, damping };
}

export function moveHold(h: GrabHold, cursor: Vec2): void {
  if (h.cursor.isValid()) h.cursor.setNextKinematicTranslation({ x: toMeters(cursor[0]), y: toMeters(cursor[1]) });
  if (h.body.isValid()) h.body.wakeUp();
}

/** Let go: the joint and the cursor body go; the body keeps the cursor's velocity (clamped). */
export function releaseHold(world: World, h: GrabHold, velocity: Vec2 | null): void {
  if (h.joint.isValid()) world.removeImpulseJoint(h.joint, true);
  if (h.cursor.isValid()) world.removeRigidBody(h.cursor);
  for (const d of h.damping) {
    if (!d.body.isValid()) continue;
    d.body.setLinearDamping(d.linear);
    d.body.setAngularDamping(d.angular);
  }
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
