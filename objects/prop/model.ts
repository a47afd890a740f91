/**
 * Prop: a dynamic body made from a prop template (a built-in or an embedded asset, by
 * `spawn_id`), scaled and with its physics overridable per instance. Core layer.
 */
import { z } from 'zod';
import { BUILTIN_PROPS, builtinProp, isBuiltinSpawnId } from '../../core/scene/builtinProps';
import { findPropTemplate, PLACEHOLDER, propHalfExtents, resolveProp, scalePropShape } from '../../core/props/resolve';
import { propShapeProblem } from '../../core/props/shapeCheck';
import { quoteValue } from '../../core/scene/errors';
import { SCENE_LIMITS as L } from '../../core/scene/limits';
import { colorSchema, fileIdSchema, finite, idSchema, positive, rotationSchema, unitRange, vec2Schema } from '../../core/scene/values';
import { hitsProp, topmostHits, type OrientedBox } from '../../core/geometry/hitTest';
import { MIN_HALF_EXTENT, resizeBox, resizedPosition, round } from '../core/boxResize';
import { colorField } from '../core/fields';
import { defineObjectModel, type KindPatch, type NumberField } from '../core/objectModel';

export const MIN_PROP_SCALE = 0.1;
export const MAX_PROP_SCALE = 100;
const FALLBACK_COLORS = { fill: '#9aa4b1', stroke: '#3c4450' };

export const propPhysicsSchema = z.strictObject({
  mass: positive(100_000).optional(),
  gravity_scale: finite().refine((v) => Math.abs(v) <= 100, 'must be within ±100').optional(),
  friction: finite().refine((v) => v >= 0 && v <= 10, 'must be between 0 and 10').optional(),
  restitution: unitRange().optional(),
});

export const propSchema = z.strictObject({
  kind: z.literal('prop'),
  id: idSchema,
  file_id: fileIdSchema,
  stage_object_id: idSchema,
  spawn_id: z.string().min(1, 'spawn_id must not be empty').max(L.maxIdLength + 8),
  position: vec2Schema,
  rotation: rotationSchema.default(0),
  scale: z.tuple([positive(100), positive(100)]).default([1, 1]),
  physics: propPhysicsSchema.optional(),
  color: colorSchema.optional(),
});

export type PropObject = z.infer<typeof propSchema>;
type PhysicsKey = keyof NonNullable<PropObject['physics']>;

const DEFAULT_SPAWN = 'builtin:box';

/** One per-instance physics override: empty means the template's value (shown as the placeholder). */
function physicsField(key: PhysicsKey, label: string, testId: string): NumberField<PropObject> {
  return {
    type: 'number', id: `physics.${key}`, label, testId, digits: 3, rule: { optional: true },
    get: (o) => o.physics?.[key],
    set(o, v) {
      const next: Record<string, number | undefined> = { ...(o.physics ?? {}), [key]: v };
      for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
      return { physics: Object.keys(next).length ? next : undefined };
    },
    defaultValue: (o, doc) => findPropTemplate(o.spawn_id, doc.prop_assets)?.[key],
  };
}

const scaleRule = { min: 0.01, max: 100 };

export const propModel = defineObjectModel<PropObject>({
  kind: 'prop',
  schema: propSchema,
  defaultColor: FALLBACK_COLORS.fill,
  rotatable: true,
  actor: false,
  grabbable: true,
  backdrop: false,
  // A pickup names the prop it picks up; the camera may follow one.
  namedBy: ['prop', 'object'],
  assetOf: (o) => o.spawn_id,
  crowding: {
    plural: 'props',
    why: 'the physics engine would have to push them all apart at once',
    extent(o, doc) {
      const template = findPropTemplate(o.spawn_id, doc.prop_assets);
      const [hx, hy] = propHalfExtents(scalePropShape(template?.shape ?? { kind: 'box', size: PLACEHOLDER.size }, o.scale));
      const c = Math.abs(Math.cos(o.rotation));
      const s = Math.abs(Math.sin(o.rotation));
      const ex = c * hx + s * hy;
      const ey = s * hx + c * hy;
      return { minX: o.position[0] - ex, maxX: o.position[0] + ex, minY: o.position[1] - ey, maxY: o.position[1] + ey };
    },
  },
  idMirrors: ['stage_object_id'],
  defaults: (spec) => ({ spawn_id: (spec.spawn_id as string | undefined) ?? DEFAULT_SPAWN, rotation: 0, scale: [1, 1] }),
  idPrefix(spec) {
    const spawn = (spec.spawn_id as string | undefined) ?? DEFAULT_SPAWN;
    return spawn.slice(spawn.lastIndexOf(':') + 1) || 'prop';
  },
  loadIssues(o, path, ctx) {
    const issues = [];
    if (o.stage_object_id !== o.id) issues.push({ path: `${path}.stage_object_id`, message: `must equal the object's id "${o.id}"` });
    const template = ctx.template(o.spawn_id);
    if (!template) {
      // A custom prop without its asset loads as a placeholder (a warning); an unknown built-in
      // is an error, since no asset can ever supply a builtin: spawn_id.
      if (isBuiltinSpawnId(o.spawn_id)) issues.push({ path: `${path}.spawn_id`, message: `unknown prop ${quoteValue(o.spawn_id)} (not built in and not in prop_assets)` });
    } else if (!ctx.badAsset(o.spawn_id) && (o.scale[0] !== 1 || o.scale[1] !== 1)) {
      // The instance scale can squash a valid shape below what physics can hold.
      const problem = propShapeProblem(scalePropShape(template.shape, o.scale));
      if (problem) issues.push({ path: `${path}.scale`, message: `scaled shape: ${problem}` });
    }
    return issues;
  },
  loadWarnings(o, path, doc) {
    if (isBuiltinSpawnId(o.spawn_id) || doc.prop_assets.some((a) => a.spawn_id === o.spawn_id)) return [];
    return [{ path: `${path}.spawn_id`, message: `asset ${quoteValue(o.spawn_id)} is missing: "${o.id}" is an inert placeholder until it is imported` }];
  },
  editIssues(o, path, doc) {
    // A built-in, an embedded asset, or one a prop of the scene already has without its asset
    // (a placeholder: it can still be moved, turned, duplicated and pasted).
    const known = Object.hasOwn(BUILTIN_PROPS, o.spawn_id) || doc.prop_assets.some((a) => a.spawn_id === o.spawn_id)
      || doc.objects.some((x) => x.kind === 'prop' && x.spawn_id === o.spawn_id);
    return known ? [] : [{ path: `${path}.spawn_id`, message: `unknown prop "${o.spawn_id}" (not built in and not in prop_assets)` }];
  },
  placeholder: (o, doc) => !findPropTemplate(o.spawn_id, doc.prop_assets),
  // Picked first: what a director expects to grab.
  pick: { rank: 0, hits: (scene, p, r) => topmostHits(scene.props, (x) => hitsProp(x, p, r.tolerance)) },
  selection(o, ctx) {
    try {
      const half = propHalfExtents(resolveProp(ctx.doc, o).shape);
      return { box: { center: [o.position[0], o.position[1]], half, rotation: o.rotation }, rotatable: true, resizable: true };
    } catch {
      return null;
    }
  },
  resize(o, start, pointer, options, doc) {
    const template = findPropTemplate(o.spawn_id, doc.prop_assets);
    if (!template) return null;
    const base = propHalfExtents(template.shape);
    // Round shapes scale uniformly; boxes and polygons may stretch unless Shift is held.
    const uniform = !!options.keepAspect || template.shape.kind === 'circle' || template.shape.kind === 'capsule';
    const box: OrientedBox = { center: [start.position[0], start.position[1]], half: [base[0] * start.scale[0], base[1] * start.scale[1]], rotation: start.rotation };
    const next = resizeBox(box, pointer, MIN_HALF_EXTENT, { ...options, keepAspect: uniform });
    const clamp = (v: number) => round(Math.min(MAX_PROP_SCALE, Math.max(MIN_PROP_SCALE, v)), 3);
    const scale: [number, number] = uniform
      ? [clamp(start.scale[0] * (next.half[0] / Math.max(box.half[0], 1e-9))), clamp(start.scale[1] * (next.half[0] / Math.max(box.half[0], 1e-9)))]
      : [clamp(next.half[0] / Math.max(base[0], 1e-9)), clamp(next.half[1] / Math.max(base[1], 1e-9))];
    return { scale, ...resizedPosition(box, [base[0] * scale[0], base[1] * scale[1]], options) } as KindPatch<PropObject>;
  },
  panel: [
    {
      id: 'prop',
      legend: (o, doc) => `Prop · ${findPropTemplate(o.spawn_id, doc.prop_assets)?.name ?? `missing ${o.spawn_id}`}`,
      rows: [
        [
          { type: 'number', id: 'scale.x', label: 'scale x', digits: 3, testId: 'prop-scale-x', rule: scaleRule, get: (o) => o.scale[0], set: (o, v) => ({ scale: [v!, o.scale[1]] }) },
          { type: 'number', id: 'scale.y', label: 'scale y', digits: 3, testId: 'prop-scale-y', rule: scaleRule, get: (o) => o.scale[1], set: (o, v) => ({ scale: [o.scale[0], v!] }) },
        ],
        colorField<PropObject>((o, doc) => findPropTemplate(o.spawn_id, doc.prop_assets)?.colors.fill ?? FALLBACK_COLORS.fill),
      ],
    },
    {
      id: 'physics',
      legend: () => 'Physics',
      note: "Empty = the prop's default.",
      rows: [
        [physicsField('mass', 'mass (kg)', 'prop-mass'), physicsField('gravity_scale', 'gravity scale', 'prop-gravity')],
        [physicsField('friction', 'friction', 'prop-friction'), physicsField('restitution', 'restitution', 'prop-restitution')],
      ],
    },
  ],
  palette: [
    { key: 'box', label: 'Box', group: 'Props', spec: { spawn_id: 'builtin:box' }, hint: 'Wooden box (4 kg)' },
    { key: 'ball', label: 'Ball', group: 'Props', spec: { spawn_id: 'builtin:ball' }, hint: 'Bouncy ball (0.6 kg)' },
    { key: 'plank', label: 'Plank', group: 'Props', spec: { spawn_id: 'builtin:plank' }, hint: 'Long plank (3 kg)' },
    { key: 'bottle', label: 'Bottle', group: 'Props', spec: { spawn_id: 'builtin:bottle' }, hint: 'Bottle (0.8 kg)' },
  ],
  iconColors(spec) {
    const def = builtinProp((spec.spawn_id as string | undefined) ?? DEFAULT_SPAWN);
    return def ? def.colors : FALLBACK_COLORS;
  },
});
