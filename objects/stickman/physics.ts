/**
 * A stickman in the worlds: its ten kinematic collision proxies. On the stage its rig runtime adds
 * and moves them; a throw preview holds them at the authored pose; the bare world only creates them.
 */
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { writeProxyPoses } from '../../core/rig/proxies';
import { PART_NAMES, solvePose } from '../../core/rig/skeleton';
import { stickmanMarkers } from '../../streams/frame/documentFrame';
import { RAPIER } from '../../streams/physics/rapier';
import { proxyColliderDesc, proxyQueryShapes } from '../../streams/physics/colliderDescs';
import type { ObjectPhysics } from '../streams/physics/objectPhysics';
import type { StickmanObject } from './model';

export const stickmanPhysics: ObjectPhysics<StickmanObject> = {
  stage: (o, order, b) => b.addRig(o, order),
  preview(o, order, b) {
    const poses = new Float64Array(PART_NAMES.length * 3);
    b.world.addKinematicParts(o.id, proxyQueryShapes(), order);
    writeProxyPoses(solvePose(stickmanMarkers(o), DEFAULT_PROPORTIONS), o.position, o.facing, DEFAULT_PROPORTIONS, poses);
    b.world.setPartPoses(o.id, poses, true);
  },
  bare(_o, b) {
    for (const { shape } of proxyQueryShapes()) {
      const body = b.world.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased());
      b.world.createCollider(proxyColliderDesc(shape), body);
      b.kinematic.push(body);
    }
  },
};
