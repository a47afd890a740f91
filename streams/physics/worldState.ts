/**
 * A physics world's state as data, for keyframes (issue 14): the Rapier world as its own
 * snapshot bytes (bodies, colliders, joints, contact graph, islands: everything the next step
 * reads, so a restored world steps bit for bit as the original would), and the adapter's maps
 * with every Rapier object replaced by its handle. Handles survive a snapshot: the restored
 * world hands out one wrapper per handle, so identity checks between the maps still hold.
 */
import { cloneData } from '../../core/data/cloneData';
import { RAPIER } from './rapier';

type World = InstanceType<typeof RAPIER.World>;

/** A Rapier object as it is kept in a keyframe. */
type HandleRef = { $body: number } | { $collider: number } | { $joint: number };

export interface PhysicsState {
  /** `World.takeSnapshot()`. */
  bytes: Uint8Array;
  /** The adapter's own fields, Rapier objects as handles (plain data; never shared with a world). */
  data: Record<string, unknown>;
}

/** A copy of `value` with every Rapier body, collider and joint replaced by its handle. */
export function toHandles(value: unknown): unknown {
  return cloneData(value, {
    replace: (v) => {
      if (v instanceof RAPIER.RigidBody) return { $body: v.handle };
      if (v instanceof RAPIER.Collider) return { $collider: v.handle };
      if (v instanceof RAPIER.ImpulseJoint) return { $joint: v.handle };
      return undefined;
    },
  });
}

const isRef = (v: object): v is HandleRef => '$body' in v || '$collider' in v || '$joint' in v;

/** A copy of `value` (from `toHandles`) with its handles turned back into `world`'s objects. */
export function fromHandles(value: unknown, world: World): unknown {
  return cloneData(value, {
    replace: (v) => {
      if (!isRef(v)) return undefined;
      const found = '$body' in v ? world.getRigidBody(v.$body) : '$collider' in v ? world.getCollider(v.$collider) : world.getImpulseJoint(v.$joint);
      if (!found) throw new Error(`a keyframe names a Rapier object the restored world does not have (${JSON.stringify(v)})`);
      return found;
    },
  });
}

export function restoreWorld(bytes: Uint8Array): World {
  const world = RAPIER.World.restoreSnapshot(bytes);
  if (!world) throw new Error('the physics snapshot of a keyframe could not be restored');
  return world;
}
