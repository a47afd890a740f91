/**
 * A ragdoll in Rapier: the blueprint's ten dynamic bodies and nine revolute joints (limits set
 * after creation — limits on JointData are ignored, API-NOTES), contacts off between jointed
 * neighbours, and one collision-group slot bit so a ragdoll never collides with itself (the head
 * circle overlaps the shoulders) while it still collides with everything else, other ragdolls
 * included. Built and freed as a unit; joints go before bodies.
 */
import type { RagdollBlueprint } from '../../core/ragdoll/blueprint';
import {
  RAGDOLL_ANGULAR_DAMPING, RAGDOLL_FRICTION, RAGDOLL_GRAVITY_SCALE, RAGDOLL_JOINT_FRICTION, RAGDOLL_LINEAR_DAMPING, RAGDOLL_REST_ANGULAR_SPEED, RAGDOLL_REST_SPEED, RAGDOLL_SLOTS,
} from '../../core/ragdoll/constants';
import { RAPIER } from './rapier';
import { toMeters, toPixels } from './units';

type World = InstanceType<typeof RAPIER.World>;
type RigidBody = InstanceType<typeof RAPIER.RigidBody>;
type Collider = InstanceType<typeof RAPIER.Collider>;
type Joint = InstanceType<typeof RAPIER.ImpulseJoint>;

/** The first slot bit: bits below it are left to the default groups of everything else. */
const FIRST_SLOT_BIT = 4;
const ALL = 0xffff;

/**
 * Query groups that meet everything but a ragdoll's bodies: the default groups' low bits, which no
 * slot's membership has (a query's own groups must meet a collider's both ways).
 */
export const BESIDE_RAGDOLLS_GROUPS = ((1 << FIRST_SLOT_BIT) - 1) * 0x10001;

export const slotGroups = (slot: number): number => {
  const bit = 1 << (FIRST_SLOT_BIT + (slot % RAGDOLL_SLOTS));
  return (bit << 16) | (ALL & ~bit);
};

/** The collision slot a ragdoll body was built with (read back from its collider), or null. */
export function slotOfBody(body: RigidBody): number | null {
  const groups = body.numColliders() > 0 ? body.collider(0).collisionGroups() >>> 0 : null;
  for (let slot = 0; slot < RAGDOLL_SLOTS; slot += 1) if (slotGroups(slot) >>> 0 === groups) return slot;
  return null;
}

export interface BuiltRagdoll {
  slot: number;
  /** PART_NAMES order, as the blueprint lists them. */
  bodies: RigidBody[];
  colliders: Collider[];
  joints: Joint[];
}

export function buildRagdoll(world: World, blueprint: RagdollBlueprint, slot: number): BuiltRagdoll {
  const groups = slotGroups(slot);
  const bodies: RigidBody[] = [];
  const colliders: Collider[] = [];
  const byPart = new Map<string, RigidBody>();
  for (const b of blueprint.bodies) {
    const body = world.createRigidBody(
      RAPIER.RigidBodyDesc.dynamic()
        .setTranslation(toMeters(b.center[0]), toMeters(b.center[1]))
        .setRotation(b.angle)
        .setLinvel(toMeters(b.velocity[0]), toMeters(b.velocity[1]))
        .setAngvel(b.angularVelocity)
        .setGravityScale(RAGDOLL_GRAVITY_SCALE)
        .setLinearDamping(RAGDOLL_LINEAR_DAMPING)
        .setAngularDamping(RAGDOLL_ANGULAR_DAMPING)
        .setCanSleep(true),
    );
    const desc = b.shape.kind === 'circle'
      ? RAPIER.ColliderDesc.ball(toMeters(b.shape.radius))
      : RAPIER.ColliderDesc.capsule(toMeters(b.shape.halfHeight), toMeters(b.shape.radius));
    const collider = world.createCollider(
      // No collision events of its own: a ragdoll's contacts never fire a rule or a reaction, so
      // only a prop's events (props ask for them) can ever mention it, and the stage drops those.
      desc.setMass(b.mass).setFriction(RAGDOLL_FRICTION).setRestitution(0).setCollisionGroups(groups),
      body,
    );
    bodies.push(body);
    colliders.push(collider);
    byPart.set(b.part, body);
  }
  const joints: Joint[] = [];
  for (const j of blueprint.joints) {
    const data = RAPIER.JointData.revolute(
      { x: toMeters(j.anchorParent[0]), y: toMeters(j.anchorParent[1]) },
      { x: toMeters(j.anchorChild[0]), y: toMeters(j.anchorChild[1]) },
    );
    const joint = world.createImpulseJoint(data, byPart.get(j.parent)!, byPart.get(j.child)!, true) as InstanceType<typeof RAPIER.RevoluteImpulseJoint>;
    joint.setLimits(j.limits[0], j.limits[1]);
    joint.setContactsEnabled(false);
    // A little joint friction: limbs fold and settle instead of flapping and bouncing off limits.
    joint.configureMotorVelocity(0, RAGDOLL_JOINT_FRICTION);
    joints.push(joint);
  }
  return { slot, bodies, colliders, joints };
}

/** What one read-back saw (`readRagdoll`). */
export interface RagdollRead {
  /** Rapier has every body asleep: nothing moved, and `out` was left as it was. */
  readonly asleep: boolean;
  /**
   * Every part slower than the rest thresholds (RAGDOLL_REST_SPEED px/s, RAGDOLL_REST_ANGULAR_SPEED
   * rad/s): the rest tracker's "still" for this step. Asleep counts as still.
   */
  readonly still: boolean;
}

/** The three answers a read can give, shared (frozen): a read allocates nothing of its own. */
const ASLEEP: RagdollRead = Object.freeze({ asleep: true, still: true });
const STILL: RagdollRead = Object.freeze({ asleep: false, still: true });
const MOVING: RagdollRead = Object.freeze({ asleep: false, still: false });

/** Where `translation()` writes, instead of a new vector per body read. */
const position = { x: 0, y: 0 };

/**
 * x, y (px), rotation per body into `out`, and whether every part is slower than the rest
 * thresholds, measured from the move since the last read (`out`'s previous contents) over `dt`:
 * two WASM calls a body instead of four. A sleeping ragdoll has not moved: `out` stays, no read.
 * "Every part under both thresholds" is "the fastest part under each", so the speeds are only
 * worked out while every part so far was still (and the angular one only if the linear one is).
 */
export function readRagdoll(r: BuiltRagdoll, out: Float64Array, known: boolean, dt: number): RagdollRead {
  const bodies = r.bodies;
  if (known && allAsleep(bodies)) return ASLEEP;
  const fromMove = known && dt > 0;
  // Moves under half of each threshold are still without the exact hypot / atan2: no rounding
  // comes near a factor of two, so the answer is the exact test's, which decides everything else.
  const clearlyStillMove = (RAGDOLL_REST_SPEED * dt) / 2;
  const clearlyStillTurn = (RAGDOLL_REST_ANGULAR_SPEED * dt) / 2;
  let still = true;
  for (let i = 0; i < bodies.length; i += 1) {
    const b = bodies[i];
    const t = b.translation(position);
    const x = toPixels(t.x);
    const y = toPixels(t.y);
    const a = b.rotation();
    const j = i * 3;
    if (still) {
      if (fromMove) {
        const dx = x - out[j];
        const dy = y - out[j + 1];
        const turn = a - out[j + 2];
        if (!(Math.abs(dx) + Math.abs(dy) <= clearlyStillMove && Math.abs(turn) <= clearlyStillTurn)) {
          still = Math.hypot(dx, dy) / dt < RAGDOLL_REST_SPEED && Math.abs(Math.atan2(Math.sin(turn), Math.cos(turn))) / dt < RAGDOLL_REST_ANGULAR_SPEED;
        }
      } else {
        const v = b.linvel();
        still = toPixels(Math.hypot(v.x, v.y)) < RAGDOLL_REST_SPEED && Math.abs(b.angvel()) < RAGDOLL_REST_ANGULAR_SPEED;
      }
    }
    out[j] = x;
    out[j + 1] = y;
    out[j + 2] = a;
  }
  return still ? STILL : MOVING;
}

/** A jointed ragdoll is one island and sleeps as a whole; an awake one answers at its first body. */
function allAsleep(bodies: readonly RigidBody[]): boolean {
  for (let i = 0; i < bodies.length; i += 1) if (!bodies[i].isSleeping()) return false;
  return true;
}

export function freeRagdoll(world: World, r: BuiltRagdoll): void {
  for (const j of r.joints) if (j.isValid()) world.removeImpulseJoint(j, true);
  for (const b of r.bodies) if (b.isValid()) world.removeRigidBody(b);
  r.joints.length = 0;
  r.bodies.length = 0;
  r.colliders.length = 0;
}
