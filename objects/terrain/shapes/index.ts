/**
 * Every terrain shape, by name. The document's `shape` enum is these names in this order; a
 * shape missing a part of TerrainShapeDef fails the type check. Core layer.
 */
import { block } from './block';
import { polygon } from './polygon';
import { ramp } from './ramp';
import { stairs } from './stairs';
import type { TerrainShapeDef } from './shape';

export const TERRAIN_SHAPES = { block, ramp, stairs, polygon } as const satisfies Record<string, TerrainShapeDef>;
export type TerrainShapeName = keyof typeof TERRAIN_SHAPES;
export const TERRAIN_SHAPE_NAMES = Object.keys(TERRAIN_SHAPES) as [TerrainShapeName, ...TerrainShapeName[]];

/** The definition of a terrain's shape. */
export function terrainShape(shape: TerrainShapeName): TerrainShapeDef {
  return TERRAIN_SHAPES[shape];
}
