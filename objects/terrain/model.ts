/**
 * Terrain: fixed ground of one of the terrain shapes (./shapes). Its schema part, what a new
 * one starts as, its selection box, its panel fields. Core layer.
 */
import { z } from 'zod';
import { convexWidth } from '../../core/props/shapeCheck';
import { terrainConvexPieces } from '../../core/geometry/terrainShapes';
import { SCENE_LIMITS as L } from '../../core/scene/limits';
import { fileIdSchema, colorSchema, idSchema, riseSchema, rotationSchema, sizeSchema, unitRange, vec2Schema } from '../../core/scene/values';
import { quoteValue } from '../../core/scene/errors';
import { hitsTerrain, topmostHits } from '../../core/geometry/hitTest';
import { resizeSized } from '../core/boxResize';
import { colorField, sizeRow } from '../core/fields';
import { defineObjectModel, type NumberField, type PanelField, type PanelRow } from '../core/objectModel';
import { TERRAIN_SHAPES, TERRAIN_SHAPE_NAMES, terrainShape } from './shapes';
import type { TerrainFieldId } from './shapes/shape';

export const DEFAULT_TERRAIN_COLOR = '#5b6b7a';

export const terrainSchema = z.strictObject({
  kind: z.literal('terrain'),
  id: idSchema,
  file_id: fileIdSchema,
  shape: z.enum(TERRAIN_SHAPE_NAMES),
  position: vec2Schema,
  size: sizeSchema.optional(),
  rotation: rotationSchema.optional(),
  rise: riseSchema.optional(),
  steps: z.number().int('must be an integer').min(1, 'must be at least 1').max(L.maxStairsSteps, `must be at most ${L.maxStairsSteps}`).optional(),
  points: z.array(vec2Schema).min(3, 'a polygon needs at least 3 points').max(L.maxPolygonPoints, `at most ${L.maxPolygonPoints} points`).optional(),
  friction: unitRange().optional(),
  color: colorSchema.optional(),
}).superRefine((t, ctx) => {
  for (const issue of terrainShape(t.shape).missing(t)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});

export type TerrainObject = z.infer<typeof terrainSchema>;

/** Each terrain field once; a shape lists which of them it shows. */
const SHAPE_FIELDS: Record<TerrainFieldId, readonly PanelField<TerrainObject>[]> = {
  size: sizeRow<TerrainObject>('terrain'),
  steps: [{ type: 'number', id: 'steps', label: 'steps', testId: 'terrain-steps', rule: { integer: true, min: 1, max: L.maxStairsSteps }, get: (o) => o.steps, set: (_o, v) => ({ steps: v }) }],
  rise: [{
    type: 'choice', id: 'rise', label: 'rise', testId: 'terrain-rise',
    options: [{ value: 'left', label: 'left side high' }, { value: 'right', label: 'right side high' }],
    get: (o) => o.rise ?? 'right', set: (_o, v) => ({ rise: v as 'left' | 'right' }),
  }],
};
const shows = (id: TerrainFieldId) => (o: TerrainObject) => terrainShape(o.shape).fields.includes(id);
const shapeRows = (id: TerrainFieldId): PanelRow<TerrainObject>[] => {
  const fields = SHAPE_FIELDS[id].map((f) => ({ ...f, when: shows(id) }));
  return fields.length > 1 ? [fields] : fields;
};
const friction: NumberField<TerrainObject> = {
  type: 'number', id: 'friction', label: 'friction', testId: 'terrain-friction', placeholder: 'default',
  rule: { min: 0, max: 1, optional: true }, get: (o) => o.friction, set: (_o, v) => ({ friction: v }),
};

export const terrainModel = defineObjectModel<TerrainObject>({
  kind: 'terrain',
  schema: terrainSchema,
  defaultColor: DEFAULT_TERRAIN_COLOR,
  rotatable: true,
  actor: false,
  grabbable: false,
  // The ground everything stands on: a marquee may start on it (Alt) without moving it.
  backdrop: true,
  namedBy: [],
  idMirrors: [],
  defaults(spec) {
    const shape = (spec.shape as TerrainObject['shape'] | undefined) ?? 'block';
    return { shape, ...structuredClone(terrainShape(shape).defaults) };
  },
  idPrefix: (spec) => (spec.shape as string | undefined) ?? 'block',
  loadIssues(o, path) {
    // Terrain must be buildable as convex pieces (physics and probes need it).
    const extent = `${path}.${terrainShape(o.shape).extentKey}`;
    let pieces: ReturnType<typeof terrainConvexPieces>;
    try {
      pieces = terrainConvexPieces(o);
    } catch (e) {
      return [{ path: terrainShape(o.shape).extentKey === 'points' ? extent : path, message: (e as Error).message }];
    }
    const thinnest = Math.min(...pieces.map(convexWidth));
    if (thinnest < L.minShapeExtent) {
      return [{ path: extent, message: `terrain is thinner than ${L.minShapeExtent} px (a piece of it is ${quoteValue(thinnest)} px)` }];
    }
    return [];
  },
  // Picked last: the ground under everything.
  pick: { rank: 3, hits: (scene, p, r) => topmostHits(scene.terrain, (x) => hitsTerrain(x, p, r.tolerance)) },
  selection(o) {
    const b = terrainShape(o.shape).localBox(o);
    if (!b) return null;
    return { box: { center: [o.position[0] + b.center[0], o.position[1] + b.center[1]], half: b.half, rotation: o.rotation ?? 0 }, rotatable: b.rotatable, resizable: b.resizable };
  },
  resize(_o, start, pointer, options) {
    if (!start.size || !terrainShape(start.shape).localBox(start)?.resizable) return null;
    return resizeSized({ position: start.position, size: start.size, rotation: start.rotation }, pointer, options);
  },
  panel: [{
    id: 'terrain',
    legend: (o) => `Terrain · ${o.shape}`,
    rows: [...shapeRows('size'), ...shapeRows('steps'), ...shapeRows('rise'), friction, colorField<TerrainObject>(() => DEFAULT_TERRAIN_COLOR)],
  }],
  palette: Object.values(TERRAIN_SHAPES).flatMap((s) => ('palette' in s && s.palette ? [{ ...s.palette, group: 'Terrain' as const }] : [])),
  iconColors(spec) {
    const color = (spec.color as string | undefined) ?? DEFAULT_TERRAIN_COLOR;
    return { fill: color, stroke: color };
  },
});
