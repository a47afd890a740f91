/**
 * A bare Rapier world with the same bodies as a stage document and nothing else: no entity maps,
 * no event conversion, no queries, no frames. Stickmen become their ten kinematic proxies, moved
 * only by replayed poses. It is the benchmark's floor (what Rapier alone costs).
 */
import type { SceneDocument } from '../../core/scene/schema';
import { resolveProp } from '../../core/props/resolve';
import { RAPIER } from './rapier';
import { toMeters } from './units';
import { propColliderDesc, proxyColliderDesc, proxyQueryShapes, terrainColliderDescs } from './colliderDescs';
import { buildRagdoll } from './ragdollBodies';
import type { RagdollBlueprint } from '../../core/ragdoll/blueprint';

export interface BareWorld {
  /** Kinematic bodies in document order: ten proxies per stickman, in PART_NAMES order. */
  readonly kinematicCount: number;
  /** Adds a ragdoll exactly as the stage builds one (its bodies, joints and collision slot). */
  addRagdoll(blueprint: RagdollBlueprint, slot: number): void;
  /** Takes one stickman's ten proxies out of the simulation (a ragdolled stickman's are off). */
  disableProxies(stickman: number): void;
  /** Sets where kinematic body `index` will be after the next step (stage px, radians). */
  moveKinematic(index: number, x: number, y: number, rotation: number, teleport?: boolean): void;
  step(): void;
  free(): void;
}

export function createBareWorld(doc: SceneDocument): BareWorld {
  const world = new RAPIER.World({ x: toMeters(doc.stage.gravity[0]), y: toMeters(doc.stage.gravity[1]) });
  world.timestep = 1 / 60;
  const events = new RAPIER.EventQueue(true);
  const kinematic: InstanceType<typeof RAPIER.RigidBody>[] = [];
  for (const o of doc.objects) {
    if (o.kind === 'terrain') {
      const body = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
      for (const desc of terrainColliderDescs(o)) world.createCollider(desc, body);
    } else if (o.kind === 'prop') {
      const def = resolveProp(doc, o);
      const body = world.createRigidBody(
        RAPIER.RigidBodyDesc.dynamic()
          .setTranslation(toMeters(o.position[0]), toMeters(o.position[1]))
          .setRotation(o.rotation)
          .setGravityScale(def.gravity_scale)
          .setCanSleep(true),
      );
      world.createCollider(propColliderDesc(def, o.id), body);
    } else if (o.kind === 'area') {
      const body = world.createRigidBody(RAPIER.RigidBodyDesc.fixed().setTranslation(toMeters(o.position[0]), toMeters(o.position[1])));
      world.createCollider(
        RAPIER.ColliderDesc.cuboid(toMeters(o.size[0] / 2), toMeters(o.size[1] / 2))
          .setSensor(true)
          .setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS)
          .setActiveCollisionTypes(RAPIER.ActiveCollisionTypes.DEFAULT | RAPIER.ActiveCollisionTypes.KINEMATIC_FIXED),
        body,
      );
    } else if (o.kind === 'stickman') {
      for (const { shape } of proxyQueryShapes()) {
        const body = world.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased());
        world.createCollider(proxyColliderDesc(shape), body);
        kinematic.push(body);
      }
    }
  }
  return {
    kinematicCount: kinematic.length,
    addRagdoll(blueprint, slot) {
      buildRagdoll(world, blueprint, slot);
    },
    disableProxies(stickman) {
      for (let i = stickman * 10; i < stickman * 10 + 10; i += 1) kinematic[i]?.setEnabled(false);
    },
    moveKinematic(index, x, y, rotation, teleport = false) {
      const b = kinematic[index];
      const t = { x: toMeters(x), y: toMeters(y) };
      if (teleport) {
        b.setTranslation(t, true);
        b.setRotation(rotation, true);
      }
      b.setNextKinematicTranslation(t);
      b.setNextKinematicRotation(rotation);
    },
    step() {
      world.step(events);
      events.drainCollisionEvents(() => {});
    },
    free() {
      events.free();
      world.free();
    },
  };
}
