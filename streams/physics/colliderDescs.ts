/**
 * Collider descriptions shared by the stage's physics world and the benchmark's bare world, so
 * both hold exactly the same shapes (stage px in, meters out).
 */
import type { ResolvedProp } from '../../core/props/resolve';
import type { TerrainObject } from '../../core/scene/schema';
import { terrainConvexPieces } from '../../core/geometry/terrainShapes';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { proxyShapes } from '../../core/rig/proxies';
import { PART_NAMES } from '../../core/rig/skeleton';
import { RAPIER } from './rapier';
import { toMeters } from './units';
import type { QueryShape } from './entities';

const meters = (points: ReadonlyArray<readonly [number, number]>): Float32Array =>
  new Float32Array(points.flatMap(([x, y]) => [toMeters(x), toMeters(y)]));

/** One convex hull per terrain piece, in stage coordinates (the fixed body sits at the origin). */
export function terrainColliderDescs(t: TerrainObject) {
  return terrainConvexPieces(t).map((piece) => {
    const desc = RAPIER.ColliderDesc.convexHull(meters(piece));
    if (!desc) throw new Error(`terrain "${t.id}": degenerate shape`);
    return desc.setFriction(t.friction ?? 0.8);
  });
}

/** A prop's collider with its mass, friction and restitution; collision events on. */
export function propColliderDesc(def: ResolvedProp, id: string) {
  const s = def.shape;
  let desc;
  switch (s.kind) {
    case 'box':
      desc = RAPIER.ColliderDesc.cuboid(toMeters(s.size[0] / 2), toMeters(s.size[1] / 2));
      break;
    case 'circle':
      desc = RAPIER.ColliderDesc.ball(toMeters(s.radius));
      break;
    case 'capsule':
      desc = RAPIER.ColliderDesc.capsule(toMeters(s.length / 2), toMeters(s.radius));
      break;
    case 'polygon': {
      const hull = RAPIER.ColliderDesc.convexHull(meters(s.points));
      if (!hull) throw new Error(`prop "${id}": degenerate polygon`);
      desc = hull;
    }
  }
  return desc
    .setMass(def.mass)
    .setFriction(def.friction)
    .setRestitution(def.restitution)
    .setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS);
}

export function queryShapeDesc(shape: QueryShape) {
  switch (shape.kind) {
    case 'circle':
      return RAPIER.ColliderDesc.ball(toMeters(shape.radius));
    case 'box':
      return RAPIER.ColliderDesc.cuboid(toMeters(shape.halfExtents[0]), toMeters(shape.halfExtents[1]));
    case 'capsule':
      return RAPIER.ColliderDesc.capsule(toMeters(shape.halfHeight), toMeters(shape.radius));
  }
}

/**
 * One collision proxy's collider, events on. Kinematic ↔ kinematic pairs stay off: stickman ↔
 * stickman touches are found by geometry (streams/runtime/stickmanTouch.ts), since turning them
 * on makes every rig's own overlapping parts contact pairs too. Areas carry KINEMATIC_FIXED, so
 * proxies trigger them without reporting terrain contacts.
 */
export function proxyColliderDesc(shape: QueryShape) {
  return queryShapeDesc(shape).setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS);
}

/** A stickman's ten proxy shapes for Rapier (seed phase 4.5): capsules along local Y, the head a ball. */
export function proxyQueryShapes(): Array<{ part: string; shape: QueryShape }> {
  const shapes = proxyShapes(DEFAULT_PROPORTIONS);
  return PART_NAMES.map((part) => {
    const s = shapes[part];
    return s.shape === 'circle'
      ? { part, shape: { kind: 'circle', radius: s.radius } }
      : { part, shape: { kind: 'capsule', halfHeight: s.halfHeight, radius: s.radius } };
  });
}
