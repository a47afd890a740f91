/** Terrain in the worlds: one fixed body with a convex collider per piece (terrainColliderDescs), the same in all three. */
import { RAPIER } from '../../streams/physics/rapier';
import { terrainColliderDescs } from '../../streams/physics/colliderDescs';
import type { ObjectPhysics } from '../streams/physics/objectPhysics';
import type { TerrainObject } from './model';

export const terrainPhysics: ObjectPhysics<TerrainObject> = {
  stage: (o, order, b) => b.world.addTerrain(o, order),
  preview: (o, order, b) => b.world.addTerrain(o, order),
  bare(o, b) {
    const body = b.world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
    for (const desc of terrainColliderDescs(o)) b.world.createCollider(desc, body);
  },
};
