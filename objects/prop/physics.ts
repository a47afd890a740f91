/**
 * A prop in the worlds: a dynamic body of its resolved definition. A placeholder (its asset is
 * missing) is inert: drawn and named by rules, never simulated, so nothing can hit it in a preview.
 */
import { resolveProp } from '../../core/props/resolve';
import { RAPIER } from '../../streams/physics/rapier';
import { propColliderDesc } from '../../streams/physics/colliderDescs';
import { toMeters } from '../../streams/physics/units';
import type { ObjectPhysics } from '../streams/physics/objectPhysics';
import type { PropObject } from './model';

export const propPhysics: ObjectPhysics<PropObject> = {
  stage(o, order, b) {
    const def = resolveProp(b.doc, o);
    b.addProp(o, def);
    if (!def.placeholder) b.world.addProp(o, def, order);
  },
  preview(o, order, b) {
    const def = resolveProp(b.doc, o);
    if (!def.placeholder) b.world.addProp(o, def, order);
  },
  bare(o, b) {
    const def = resolveProp(b.doc, o);
    const body = b.world.createRigidBody(
      RAPIER.RigidBodyDesc.dynamic()
        .setTranslation(toMeters(o.position[0]), toMeters(o.position[1]))
        .setRotation(o.rotation)
        .setGravityScale(def.gravity_scale)
        .setCanSleep(true),
    );
    b.world.createCollider(propColliderDesc(def, o.id), body);
    b.props.set(o.id, body);
  },
};
