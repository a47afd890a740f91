/** An area in the worlds: a fixed sensor on the stage; absent from a throw preview (a throw flies through sensors). */
import { RAPIER } from '../../streams/physics/rapier';
import { toMeters } from '../../streams/physics/units';
import type { ObjectPhysics } from '../streams/physics/objectPhysics';
import type { AreaObject } from './model';

export const areaPhysics: ObjectPhysics<AreaObject> = {
  stage(o, order, b) {
    b.world.addArea(o, order);
    b.addArea(o);
  },
  preview() {},
  bare(o, b) {
    const body = b.world.createRigidBody(RAPIER.RigidBodyDesc.fixed().setTranslation(toMeters(o.position[0]), toMeters(o.position[1])));
    b.world.createCollider(
      RAPIER.ColliderDesc.cuboid(toMeters(o.size[0] / 2), toMeters(o.size[1] / 2))
        .setSensor(true)
        .setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS)
        .setActiveCollisionTypes(RAPIER.ActiveCollisionTypes.DEFAULT | RAPIER.ActiveCollisionTypes.KINEMATIC_FIXED),
      body,
    );
  },
};
