/**
 * Resolves a placed prop to its effective physical definition: the built-in or embedded asset,
 * scaled by the instance scale and with the instance's physics overrides applied, with the grips
 * a hand can hold it by (seed phase 11 §6). A custom prop whose asset is missing resolves to an
 * inert placeholder, so it keeps its id (and the queues and rules naming it) until the asset
 * comes back.
 */
import { builtinProp } from '../scene/builtinProps';
import { checkPropPolygon } from './shapeCheck';
import { physicsPolygon } from '../geometry/polygon';
import { generatedGrip, resolveGrips, scaleGrip, type ResolvedGrip } from './grips';
import type { PropAsset, PropObject, SceneDocument } from '../scene/schema';

export type { GripHand, ResolvedGrip } from './grips';

type Vec2 = [number, number];

export type PropShape =
  | { kind: 'box'; size: Vec2 }
  | { kind: 'circle'; radius: number }
  | { kind: 'capsule'; length: number; radius: number }
  | { kind: 'polygon'; points: Vec2[] };

export interface ResolvedProp {
  spawn_id: string;
  name: string;
  shape: PropShape;
  mass: number;
  gravity_scale: number;
  friction: number;
  restitution: number;
  colors: { fill: string; stroke: string };
  /**
   * Where a hand may hold it, in prop-local px (instance scale applied by resolveProp). Never
   * empty for a real prop: without authored anchors there is one generated `center` grip.
   * Empty for a placeholder, which cannot be picked up.
   */
  grips: ResolvedGrip[];
  /** A custom prop whose asset is missing: inert, drawn as a dashed box, never picked up. */
  placeholder: boolean;
}

const DEFAULT_COLORS = { fill: '#9aa4b1', stroke: '#3c4450' };

/** How a placeholder looks and weighs: the size of a built-in box, in greys. */
export const PLACEHOLDER = {
  size: [80, 80] as Vec2,
  colors: { fill: '#e3e5e8', stroke: '#8a9099' },
} as const;

export function findPropTemplate(spawnId: string, assets: readonly PropAsset[]): ResolvedProp | undefined {
  const builtin = builtinProp(spawnId);
  if (builtin) {
    const { anchors, ...def } = builtin;
    const shape = def.shape as PropShape;
    const grips = anchors?.length ? resolveGrips(anchors) : [generatedGrip(shape)];
    return { ...def, shape, grips, placeholder: false };
  }
  const asset = assets.find((a) => a.spawn_id === spawnId);
  if (!asset) return undefined;
  const shape = assetShape(asset.shape as PropShape);
  return {
    spawn_id: asset.spawn_id,
    name: asset.name,
    shape,
    mass: asset.mass,
    gravity_scale: asset.gravity_scale,
    friction: asset.friction,
    restitution: asset.restitution,
    colors: asset.colors ?? DEFAULT_COLORS,
    grips: asset.anchors.length ? resolveGrips(asset.anchors) : [generatedGrip(shape)],
    placeholder: false,
  };
}

/** What a prop whose spawn_id resolves to nothing stands in as: an inert grey box without grips. */
export function placeholderTemplate(spawnId: string): ResolvedProp {
  return {
    spawn_id: spawnId,
    name: `Missing prop ${spawnId}`,
    shape: { kind: 'box', size: [PLACEHOLDER.size[0], PLACEHOLDER.size[1]] },
    mass: 1,
    gravity_scale: 1,
    friction: 0.6,
    restitution: 0.1,
    colors: { ...PLACEHOLDER.colors },
    grips: [],
    placeholder: true,
  };
}

/**
 * An asset's shape as physics and drawing use it: a polygon without its repeated or
 * straight-through points (the loader accepts those, as for terrain, but Rapier's hull panics
 * on coincident points). A polygon the loader would refuse is returned unchanged.
 */
function assetShape(shape: PropShape): PropShape {
  if (shape.kind !== 'polygon') return shape;
  const checked = checkPropPolygon(shape.points);
  return 'points' in checked ? { kind: 'polygon', points: checked.points } : shape;
}

export function scalePropShape(shape: PropShape, scale: Vec2): PropShape {
  const [sx, sy] = scale;
  switch (shape.kind) {
    case 'box':
      return { kind: 'box', size: [shape.size[0] * sx, shape.size[1] * sy] };
    case 'circle':
      // A circle stays a circle: it scales by the larger factor so the handle drag feels right.
      return { kind: 'circle', radius: shape.radius * Math.max(sx, sy) };
    case 'capsule':
      return { kind: 'capsule', length: shape.length * sy, radius: shape.radius * sx };
    case 'polygon': {
      // A non-uniform scale flattens corners: merge the ones the physics engine would (the loader
      // refuses a scale that leaves fewer than 3, so the short result only reaches its check).
      const scaled = shape.points.map(([x, y]) => [x * sx, y * sy] as Vec2);
      const held = physicsPolygon(scaled);
      return { kind: 'polygon', points: held.length >= 3 ? held : scaled };
    }
  }
}

/**
 * The placed prop as physics, drawing and the hands use it: shape and grips scaled by the
 * instance scale, physics overrides applied. A spawn_id with no built-in and no embedded asset
 * gives a placeholder (the loader warns about it; see placeholderTemplate), never an error.
 */
export function resolveProp(doc: Pick<SceneDocument, 'prop_assets'>, prop: PropObject): ResolvedProp {
  const template = findPropTemplate(prop.spawn_id, doc.prop_assets);
  if (!template) {
    const placeholder = placeholderTemplate(prop.spawn_id);
    return { ...placeholder, shape: scalePropShape(placeholder.shape, prop.scale) };
  }
  const overrides = prop.physics ?? {};
  return {
    ...template,
    shape: scalePropShape(template.shape, prop.scale),
    mass: overrides.mass ?? template.mass,
    gravity_scale: overrides.gravity_scale ?? template.gravity_scale,
    friction: overrides.friction ?? template.friction,
    restitution: overrides.restitution ?? template.restitution,
    colors: prop.color ? { fill: prop.color, stroke: template.colors.stroke } : template.colors,
    grips: template.grips.map((g) => scaleGrip(g, prop.scale)),
  };
}

/** Half extents of the shape's axis-aligned box in its own frame (for hit-testing and selection). */
export function propHalfExtents(shape: PropShape): Vec2 {
  switch (shape.kind) {
    case 'box':
      return [shape.size[0] / 2, shape.size[1] / 2];
    case 'circle':
      return [shape.radius, shape.radius];
    case 'capsule':
      return [shape.radius, shape.length / 2 + shape.radius];
    case 'polygon': {
      let hx = 0;
      let hy = 0;
      for (const [x, y] of shape.points) {
        hx = Math.max(hx, Math.abs(x));
        hy = Math.max(hy, Math.abs(y));
      }
      return [hx, hy];
    }
  }
}
