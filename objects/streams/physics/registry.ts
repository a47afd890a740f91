/** Every object kind's physics part, by kind; a kind without one fails the type check. */
import type { ObjectKind, ObjectOf } from '../../core/models';
import { areaPhysics } from '../../area/physics';
import { propPhysics } from '../../prop/physics';
import { stickmanPhysics } from '../../stickman/physics';
import { terrainPhysics } from '../../terrain/physics';
import type { ObjectPhysics } from './objectPhysics';

export const OBJECT_PHYSICS: { readonly [K in ObjectKind]: ObjectPhysics<ObjectOf<K>> } = { terrain: terrainPhysics, prop: propPhysics, stickman: stickmanPhysics, area: areaPhysics };

/** The physics part of an object's kind. */
export function physicsOf<O extends ObjectOf<ObjectKind>>(o: O): ObjectPhysics<O> {
  return OBJECT_PHYSICS[o.kind] as unknown as ObjectPhysics<O>;
}
