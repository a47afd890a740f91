import { type Vec2, DIRECTION_EPSILON, add, hypot, normalizeOr, scale, sub } from './vec';
import type { RigProportions } from './proportions';
import type { Facing } from './facing';
import { PART_NAMES, partsInOrder, type PartName, type RigLocalPose, type RigPart } from './skeleton';
import type { WorldPose } from './worldPose';

// Phase 4.5 seed constants, used literally (pixels).
export const HEAD_COLLISION_RADIUS = 90;
export const TORSO_COLLISION_RADIUS = 20;
export const ARM_COLLISION_RADIUS = 12;
export const LEG_COLLISION_RADIUS = 14;
/** Head circle centre relative to the neck when no head geometry is known. */
export const HEAD_COLLISION_FALLBACK_CENTER: Vec2 = [0, -72];

export type ProxyShapeKind = 'circle' | 'capsule';

/** The seed's single definition table: which shape family and radius each part's proxy uses. */
export const COLLISION_PARTS: Readonly<Record<PartName, { readonly shape: ProxyShapeKind; readonly radius: number }>> = Object.freeze({
  head: { shape: 'circle', radius: HEAD_COLLISION_RADIUS },
  torso: { shape: 'capsule', radius: TORSO_COLLISION_RADIUS },
  left_upper_arm: { shape: 'capsule', radius: ARM_COLLISION_RADIUS },
  left_lower_arm: { shape: 'capsule', radius: ARM_COLLISION_RADIUS },
  right_upper_arm: { shape: 'capsule', radius: ARM_COLLISION_RADIUS },
  right_lower_arm: { shape: 'capsule', radius: ARM_COLLISION_RADIUS },
  left_upper_leg: { shape: 'capsule', radius: LEG_COLLISION_RADIUS },
  left_lower_leg: { shape: 'capsule', radius: LEG_COLLISION_RADIUS },
  right_upper_leg: { shape: 'capsule', radius: LEG_COLLISION_RADIUS },
  right_lower_leg: { shape: 'capsule', radius: LEG_COLLISION_RADIUS },
});

export interface CircleProxyShape {
  name: PartName;
  shape: 'circle';
  radius: number;
  /**
   * Circle centre relative to the part's attachment (the neck), rig-local. Purely vertical, so
   * facing never changes it.
   */
  centerOffset: Vec2;
}

export interface CapsuleProxyShape {
  name: PartName;
  shape: 'capsule';
  radius: number;
  /** Fitted end-to-end length: the capsule spans attachment..far end, caps included (seed). */
  length: number;
  /**
   * Rapier's `capsule(halfHeight, radius)` argument: half the straight section only. The seed's
   * Godot capsule height is the total end-to-end height, so the straight part is
   * length − 2·radius and the rounded tips land exactly on the segment's start and end.
   */
  halfHeight: number;
}

export type ProxyShape = CircleProxyShape | CapsuleProxyShape;
export type ProxyShapes = Record<PartName, ProxyShape>;

/** Fitted length per part: the torso is the pelvis-to-neck distance, limbs their bone lengths. */
function fittedLength(name: PartName, proportions: RigProportions): number {
  switch (name) {
    case 'head':
      return proportions.neckToHead;
    case 'torso':
      return proportions.torso;
    case 'left_upper_arm':
    case 'right_upper_arm':
      return proportions.upperArm;
    case 'left_lower_arm':
    case 'right_lower_arm':
      return proportions.lowerArm;
    case 'left_upper_leg':
    case 'right_upper_leg':
      return proportions.upperLeg;
    case 'left_lower_leg':
    case 'right_lower_leg':
      return proportions.lowerLeg;
  }
}

function headCenterOffset(proportions: RigProportions): Vec2 {
  const neckToHead = proportions.neckToHead;
  return Number.isFinite(neckToHead) && neckToHead > 0 ? [0, -neckToHead] : [...HEAD_COLLISION_FALLBACK_CENTER];
}

/**
 * Shape and size of every proxy. Depends only on proportions — never on pose or facing — so the
 * physics adapter can build colliders once and only move them afterwards.
 */
export function proxyShapes(proportions: RigProportions): ProxyShapes {
  const shapes = {} as ProxyShapes;
  for (const name of PART_NAMES) {
    const { shape, radius } = COLLISION_PARTS[name];
    if (shape === 'circle') {
      shapes[name] = { name, shape, radius, centerOffset: headCenterOffset(proportions) };
    } else {
      const length = fittedLength(name, proportions);
      shapes[name] = { name, shape, radius, length, halfHeight: Math.max(0, length / 2 - radius) };
    }
  }
  return shapes;
}

/** A proxy's shape plus where a kinematic body carrying it must be this step. */
export type ProxyTransform = ProxyShape & {
  /** World position of the collider's origin (capsule middle / circle centre). */
  center: Vec2;
  /**
   * World rotation, radians, with the matrix [[cos, −sin], [sin, cos]]: it turns the collider's
   * local +Y (Rapier's capsule axis) onto the segment direction start→end. 0 for the circle.
   */
  rotation: number;
};
export type ProxyTransforms = Record<PartName, ProxyTransform>;

/** Capsule axis for a degenerate (zero-length) segment: hanging straight down, rotation 0. */
const FALLBACK_AXIS: Vec2 = [0, 1];

/**
 * Kinematic targets for the ten proxies. Capsules are anchored at the attachment and centred at
 * half the fitted length along the segment (the seed's `position = (0, fitted_length / 2)` in the
 * part's hanging frame), which is the segment midpoint for a solved pose. The head circle sits on
 * the drawn head centre.
 */
const SHAPES_CACHE = new WeakMap<RigProportions, ProxyShapes>();

export function proxyTransforms(worldPose: WorldPose, proportions: RigProportions): ProxyTransforms {
  let shapes = SHAPES_CACHE.get(proportions);
  if (!shapes) SHAPES_CACHE.set(proportions, (shapes = proxyShapes(proportions)));
  const transforms = {} as ProxyTransforms;
  for (const name of PART_NAMES) {
    const part = worldPose[name];
    const shape = shapes[name];
    // Explicit literals, not `{ ...shape, … }`: object spread measured ~2 µs per object on Node 20.
    if (shape.shape === 'circle') {
      // On the drawn head centre: the neck plus the centre offset when upright, wherever a tilted
      // head (getting up off the floor) puts it otherwise.
      transforms[name] = { name, shape: 'circle', radius: shape.radius, centerOffset: shape.centerOffset, center: [part.end[0], part.end[1]], rotation: 0 };
    } else {
      const axis = normalizeOr(sub(part.end, part.start), FALLBACK_AXIS);
      transforms[name] = {
        name, shape: 'capsule', radius: shape.radius, length: shape.length, halfHeight: shape.halfHeight,
        center: add(part.start, scale(axis, shape.length / 2)),
        // rotate((0, 1), θ) = (−sin θ, cos θ), so θ = atan2(−axis.x, axis.y). `+ 0` turns −0
        // into 0 so an upright part always reports the same rotation.
        rotation: Math.atan2(-axis[0], axis[1]) + 0,
      };
    }
  }
  return transforms;
}

/** Each proportions' proxy shapes in PART_NAMES order, for the per-step writer (no lookups by part name). */
const SHAPE_LIST_CACHE = new WeakMap<RigProportions, readonly ProxyShape[]>();

function shapeList(proportions: RigProportions): readonly ProxyShape[] {
  let list = SHAPE_LIST_CACHE.get(proportions);
  if (!list) {
    let shapes = SHAPES_CACHE.get(proportions);
    if (!shapes) SHAPES_CACHE.set(proportions, (shapes = proxyShapes(proportions)));
    const byName = shapes;
    SHAPE_LIST_CACHE.set(proportions, (list = PART_NAMES.map((name) => byName[name])));
  }
  return list;
}

/** The parts of the pose being written, in PART_NAMES order (one write at a time; overwritten by the next). */
const PARTS = new Array<RigPart>(PART_NAMES.length);

/**
 * The per-step hot path of `proxyTransforms(toWorld(local, root, facing))`: writes each part's
 * world centre x, y and rotation (PART_NAMES order, 3 numbers each) into `out` without
 * allocating, so a hundred walking rigs do not feed the garbage collector every step. Each part
 * is read by its own name once (a lookup by a varying name costs about as much as its arithmetic).
 */
export function writeProxyPoses(
  local: RigLocalPose,
  root: Readonly<Vec2>,
  facing: Facing,
  proportions: RigProportions,
  out: Float64Array,
): void {
  const shapes = shapeList(proportions);
  const parts = partsInOrder(local, PARTS);
  const sign = facing === 'LEFT' ? -1 : 1;
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i];
    const shape = shapes[i];
    const sx = root[0] + sign * part.start[0];
    const sy = root[1] + part.start[1];
    if (shape.shape === 'circle') {
      out[i * 3] = root[0] + sign * part.end[0];
      out[i * 3 + 1] = root[1] + part.end[1];
      out[i * 3 + 2] = 0;
      continue;
    }
    let ax = sign * (part.end[0] - part.start[0]);
    let ay = part.end[1] - part.start[1];
    const length = hypot(ax, ay);
    if (length > DIRECTION_EPSILON && Number.isFinite(length)) {
      ax /= length;
      ay /= length;
    } else {
      ax = FALLBACK_AXIS[0];
      ay = FALLBACK_AXIS[1];
    }
    out[i * 3] = sx + ax * (shape.length / 2);
    out[i * 3 + 1] = sy + ay * (shape.length / 2);
    out[i * 3 + 2] = Math.atan2(-ax, ay) + 0;
  }
}
