/**
 * A bare Rapier world with the same bodies as a stage document and nothing else: no entity maps,
 * no event conversion, no frames. It is the benchmark's floor (what Rapier alone costs).
 */
import type { SceneDocument } from '../../core/scene/schema';
import { resolveProp } from '../../core/props/resolve';
import { terrainConvexPieces } from '../../core/geometry/terrainShapes';
import { RAPIER } from './rapier';
import { toMeters } from './units';

export interface BareWorld {
  step(): void;
  /** Moves kinematic bodies created with addKinematicBall (the proxy-motion floor for rigs). */
  addKinematicBall(x: number, y: number, radius: number): number;
  moveKinematic(index: number, x: number, y: number, rotation: number): void;
  free(): void;
}

export function createBareWorld(doc: SceneDocument): BareWorld {
  const world = new RAPIER.World({ x: toMeters(doc.stage.gravity[0]), y: toMeters(doc.stage.gravity[1]) });
  const events = new RAPIER.EventQueue(true);
  const kinematic: InstanceType<typeof RAPIER.RigidBody>[] = [];
  for (const o of doc.objects) {
    if (o.kind === 'terrain') {
      const body = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
      for (const piece of terrainConvexPieces(o)) {
        const desc = RAPIER.ColliderDesc.convexHull(new Float32Array(piece.flatMap(([x, y]) => [toMeters(x), toMeters(y)])));
        if (desc) world.createCollider(desc, body);
      }
    } else if (o.kind === 'prop') {
      const def = resolveProp(doc, o);
      const body = world.createRigidBody(
        RAPIER.RigidBodyDesc.dynamic().setTranslation(toMeters(o.position[0]), toMeters(o.position[1])).setRotation(o.rotation).setGravityScale(def.gravity_scale),
      );
      const s = def.shape;
      const desc =
        s.kind === 'box' ? RAPIER.ColliderDesc.cuboid(toMeters(s.size[0] / 2), toMeters(s.size[1] / 2))
        : s.kind === 'circle' ? RAPIER.ColliderDesc.ball(toMeters(s.radius))
        : s.kind === 'capsule' ? RAPIER.ColliderDesc.capsule(toMeters(s.length / 2), toMeters(s.radius))
        : RAPIER.ColliderDesc.convexHull(new Float32Array(s.points.flatMap(([x, y]) => [toMeters(x), toMeters(y)])))!;
      world.createCollider(desc.setMass(def.mass).setFriction(def.friction).setRestitution(def.restitution).setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS), body);
    } else if (o.kind === 'area') {
      const body = world.createRigidBody(RAPIER.RigidBodyDesc.fixed().setTranslation(toMeters(o.position[0]), toMeters(o.position[1])));
      world.createCollider(RAPIER.ColliderDesc.cuboid(toMeters(o.size[0] / 2), toMeters(o.size[1] / 2)).setSensor(true).setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS), body);
    }
  }
  return {
    step() {
      world.step(events);
      events.drainCollisionEvents(() => {});
    },
    addKinematicBall(x, y, radius) {
      const body = world.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased().setTranslation(toMeters(x), toMeters(y)));
      world.createCollider(RAPIER.ColliderDesc.ball(toMeters(radius)).setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS), body);
      kinematic.push(body);
      return kinematic.length - 1;
    },
    moveKinematic(index, x, y, rotation) {
      const b = kinematic[index];
      b.setNextKinematicTranslation({ x: toMeters(x), y: toMeters(y) });
      b.setNextKinematicRotation(rotation);
    },
    free() {
      events.free();
      world.free();
    },
  };
}
