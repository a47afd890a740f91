/** The built-in prop catalogue. A prop's `spawn_id` is `builtin:<name>` or an embedded asset's id. */
import type { AnchorLike } from '../props/grips';

export type BuiltinPropShape =
  | { kind: 'box'; size: [number, number] }
  | { kind: 'circle'; radius: number }
  | { kind: 'capsule'; length: number; radius: number };

export interface BuiltinPropDef {
  spawn_id: string;
  name: string;
  shape: BuiltinPropShape;
  mass: number;
  gravity_scale: number;
  friction: number;
  restitution: number;
  colors: { fill: string; stroke: string };
  /**
   * Authored grips, like an asset's anchors. Without them the prop gets one generated grip at
   * the centre of its visual bounds (core/props/grips).
   */
  anchors?: readonly AnchorLike[];
}

/**
 * Keyed by spawn_id. A null-prototype object, so a spawn_id such as `constructor` or `toString`
 * is not found here by `in` or indexing (on a plain object both would see Object.prototype).
 * Look up with `builtinProp`.
 */
export const BUILTIN_PROPS: Readonly<Record<string, BuiltinPropDef>> = Object.freeze(Object.assign(Object.create(null) as Record<string, BuiltinPropDef>, {
  'builtin:box': {
    spawn_id: 'builtin:box', name: 'Box', shape: { kind: 'box', size: [80, 80] },
    mass: 4, gravity_scale: 1, friction: 0.7, restitution: 0.05, colors: { fill: '#c8924a', stroke: '#6b4a22' },
  },
  'builtin:ball': {
    spawn_id: 'builtin:ball', name: 'Ball', shape: { kind: 'circle', radius: 30 },
    mass: 0.6, gravity_scale: 1, friction: 0.5, restitution: 0.6, colors: { fill: '#e0483e', stroke: '#7a1f1a' },
  },
  'builtin:plank': {
    spawn_id: 'builtin:plank', name: 'Plank', shape: { kind: 'box', size: [260, 24] },
    mass: 3, gravity_scale: 1, friction: 0.8, restitution: 0.05, colors: { fill: '#b07a44', stroke: '#5a3a1a' },
  },
  'builtin:bottle': {
    spawn_id: 'builtin:bottle', name: 'Bottle', shape: { kind: 'capsule', length: 60, radius: 14 },
    mass: 0.8, gravity_scale: 1, friction: 0.4, restitution: 0.3, colors: { fill: '#4fa86a', stroke: '#1f4f2e' },
  },
}));

/** The built-in prop with this spawn_id, if there is one (own keys only). */
export function builtinProp(spawnId: string): BuiltinPropDef | undefined {
  return Object.hasOwn(BUILTIN_PROPS, spawnId) ? BUILTIN_PROPS[spawnId] : undefined;
}

export const BUILTIN_PROP_IDS = Object.keys(BUILTIN_PROPS);

/** Built-in props are `builtin:<name>`; the prefix is reserved, so no asset may use it. */
export const isBuiltinSpawnId = (spawnId: string): boolean => spawnId.startsWith('builtin:');
