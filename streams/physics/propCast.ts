/**
 * Shape casts of a prop's own collision shape (every prop shape, polygons included) through a
 * PhysicsWorld, in stage px: the throw preview sweeps the held prop along its predicted arc with
 * it (seed phase 11 §1.2 "Shape-cast the held prop along the path"). The Rapier shape is built
 * once per caster, so a guide of a hundred segments allocates one shape, not a hundred.
 */
import type { PropShape } from '../../core/props/resolve';
import type { ColliderEntity, Vec2 } from './entities';
import { RAPIER } from './rapier';
import { toMeters } from './units';
import type { PhysicsWorld } from './world';

type Collider = InstanceType<typeof RAPIER.Collider>;
type Shape = InstanceType<typeof RAPIER.Shape>;

export interface PropCastHit {
  entity: ColliderEntity;
  /** Fraction (0…1) of the motion that is free before the shapes touch. */
  fraction: number;
}

/** The Rapier query shape for a prop, the same geometry as its collider (colliderDescs.ts). */
function rapierShape(shape: PropShape): Shape {
  switch (shape.kind) {
    case 'box':
      return new RAPIER.Cuboid(toMeters(shape.size[0] / 2), toMeters(shape.size[1] / 2));
    case 'circle':
      return new RAPIER.Ball(toMeters(shape.radius));
    case 'capsule':
      return new RAPIER.Capsule(toMeters(shape.length / 2), toMeters(shape.radius));
    case 'polygon':
      return new RAPIER.ConvexPolygon(new Float32Array(shape.points.flatMap(([x, y]) => [toMeters(x), toMeters(y)])), false);
  }
}

export class PropShapeCaster {
  private readonly shape: Shape;
  private readonly exclude: ReadonlySet<string>;
  private readonly kinds: ReadonlySet<ColliderEntity['kind']>;
  private readonly accepts: (c: Collider) => boolean;

  /**
   * @param exclude object ids whose colliders the cast passes through (the thrower, the prop itself)
   * @param kinds what it can hit (areas are sensors: never)
   */
  constructor(private readonly world: PhysicsWorld, shape: PropShape, exclude: readonly string[], kinds: readonly ColliderEntity['kind'][]) {
    this.shape = rapierShape(shape);
    this.exclude = new Set(exclude);
    this.kinds = new Set(kinds);
    this.accepts = (c) => {
      const e = this.world.entityOf(c);
      return !!e && this.kinds.has(e.kind) && !this.exclude.has(e.id);
    };
  }

  /** The first hit of the shape at `position`, turned by `rotation`, moved by `motion` (stage px). */
  cast(position: Readonly<Vec2>, rotation: number, motion: Readonly<Vec2>): PropCastHit | null {
    const hit = this.world.queryWorld.castShape(
      { x: toMeters(position[0]), y: toMeters(position[1]) }, rotation,
      { x: toMeters(motion[0]), y: toMeters(motion[1]) }, this.shape, 0, 1, true,
      undefined, undefined, undefined, undefined, this.accepts);
    if (!hit) return null;
    const entity = this.world.entityOf(hit.collider);
    return entity ? { entity, fraction: hit.time_of_impact } : null;
  }
}
