/**
 * What one terrain shape is (block, ramp, stairs, polygon): the fields it needs, what a new one
 * starts as, its geometry (convex pieces and outline in local space), its selection box and the
 * panel fields it shows. Terrain is one object kind; its shapes are the kinds within it, one file
 * each, joined by ./index.ts. Core layer.
 */
import type { TerrainInput } from '../../../core/geometry/terrainShapes';
import type { Vec2 } from '../../../core/geometry/vec';
import type { PaletteEntry } from '../../core/objectModel';

/** The terrain panel fields a shape may show (each terrain field is defined once in ../model.ts). */
export type TerrainFieldId = 'size' | 'steps' | 'rise';

export interface TerrainShapeDef {
  readonly shape: string;
  /** The document field this shape's extent lives in: where a load issue about it points. */
  readonly extentKey: 'size' | 'points';
  /** Schema issues its fields have (a missing size, stairs without steps). */
  missing(t: Partial<TerrainInput>): { path: string; message: string }[];
  /** What a new one starts as (besides its shape). */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** Convex pieces in LOCAL space (about `position`, before rotation); throws naming the terrain. */
  localPieces(t: TerrainInput): Vec2[][];
  /** Outer outline in LOCAL space when it is not the single piece (stairs). */
  localOutline?(t: TerrainInput): Vec2[];
  /** Its selection box in local space, and whether its corners resize it and its handle turns it. */
  localBox(t: TerrainInput): { center: Vec2; half: Vec2; rotatable: boolean; resizable: boolean } | null;
  readonly fields: readonly TerrainFieldId[];
  readonly palette?: Omit<PaletteEntry, 'group'>;
}

/** Declares one terrain shape, keeping its name a literal for the shape union. */
export function defineTerrainShape<const S extends string>(def: TerrainShapeDef & { shape: S }): TerrainShapeDef & { shape: S } {
  return def;
}

/** The box-based shapes' selection box: their size, about their position. */
export function sizeBox(t: TerrainInput) {
  const size = t.size ?? [0, 0];
  return { center: [0, 0] as Vec2, half: [size[0] / 2, size[1] / 2] as Vec2, rotatable: true, resizable: true };
}

/** The box-based shapes' schema check. */
export function needsSize(t: Partial<TerrainInput>): { path: string; message: string }[] {
  return t.size ? [] : [{ path: 'size', message: `a ${t.shape} terrain needs a size` }];
}
