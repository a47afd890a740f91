/**
 * The scene document (format "stickman-stage/scene", version 1.1) as a zod schema.
 * The schema is the single source of truth: the TypeScript types are inferred from it.
 */
import { z } from 'zod';
import { SCENE_LIMITS as L } from './limits';
import { TRIGGER_REGISTRY } from '../actions/registry';
import type { ActionDefinition, PayloadSchemas } from '../actions/definition';
import { ACTION_DEFINITIONS, type AnyActionDefinition } from '../actions/kinds';
import { WALK_SPEED_MAX, WALK_SPEED_MIN } from '../locomotion/constants';

const TRIGGER_TYPES = TRIGGER_REGISTRY.map((t) => t.type);

export const SCENE_FORMAT = 'stickman-stage/scene';
export const SCENE_VERSION = '1.1';

const finite = () => z.number().refine(Number.isFinite, 'must be a finite number');
const coord = () => finite().refine((v) => Math.abs(v) <= L.maxCoordinate, `must be within ±${L.maxCoordinate}`);
const positive = (max: number) =>
  finite().refine((v) => v > 0, 'must be greater than 0').refine((v) => v <= max, `must be at most ${max}`);
const unitRange = () => finite().refine((v) => v >= 0 && v <= 1, 'must be between 0 and 1');

export const vec2Schema = z.tuple([coord(), coord()]);
export const sizeSchema = z.tuple([positive(L.maxSize), positive(L.maxSize)]);
export const idSchema = z
  .string()
  .min(1, 'id must not be empty')
  .max(L.maxIdLength, `id must be at most ${L.maxIdLength} characters`)
  // `*`, not `+`: an empty id is reported once, by the min(1) check above.
  .regex(/^[A-Za-z0-9_:.-]*$/, 'id may only contain letters, digits, _ : . -')
  // Ids key maps and JSON objects (queues); assigning `obj["__proto__"]` sets a prototype instead.
  // Other Object.prototype names (toString, constructor …) are fine ids: lookups use own keys.
  .refine((id) => id !== '__proto__', '"__proto__" cannot be an id');
const text = () => z.string().max(L.maxStringLength, `must be at most ${L.maxStringLength} characters`);
const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #a1b2c3');
const fileIdSchema = z.number().int('must be an integer').min(1, 'must be at least 1').max(1e9);
const rotationSchema = finite().refine((v) => Math.abs(v) <= 1000, 'must be within ±1000 radians');
export const facingSchema = z.enum(['RIGHT', 'LEFT']);
const riseSchema = z.enum(['left', 'right']);

export const terrainSchema = z.strictObject({
  kind: z.literal('terrain'),
  id: idSchema,
  file_id: fileIdSchema,
  shape: z.enum(['block', 'ramp', 'stairs', 'polygon']),
  position: vec2Schema,
  size: sizeSchema.optional(),
  rotation: rotationSchema.optional(),
  rise: riseSchema.optional(),
  steps: z.number().int('must be an integer').min(1, 'must be at least 1').max(L.maxStairsSteps, `must be at most ${L.maxStairsSteps}`).optional(),
  points: z.array(vec2Schema).min(3, 'a polygon needs at least 3 points').max(L.maxPolygonPoints, `at most ${L.maxPolygonPoints} points`).optional(),
  friction: unitRange().optional(),
  color: colorSchema.optional(),
}).superRefine((t, ctx) => {
  if (t.shape === 'polygon') {
    if (!t.points) ctx.addIssue({ code: 'custom', path: ['points'], message: 'a polygon terrain needs points' });
  } else if (!t.size) {
    ctx.addIssue({ code: 'custom', path: ['size'], message: `a ${t.shape} terrain needs a size` });
  }
  if (t.shape === 'stairs' && t.steps === undefined) {
    ctx.addIssue({ code: 'custom', path: ['steps'], message: 'stairs need a number of steps' });
  }
});

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

export const markerPoseSchema = z.strictObject({
  Left_Hand: vec2Schema,
  Right_Hand: vec2Schema,
  Left_Leg: vec2Schema,
  Right_Leg: vec2Schema,
  Torso: vec2Schema,
});

export const stickmanSchema = z.strictObject({
  kind: z.literal('stickman'),
  id: idSchema,
  file_id: fileIdSchema,
  name: text().optional(),
  position: vec2Schema,
  facing: facingSchema.default('RIGHT'),
  auto_recover: z.boolean().default(true),
  /** This stickman's own walking speed, px/s (the default is WALK_SPEED). */
  walk_speed: finite().refine((v) => v >= WALK_SPEED_MIN && v <= WALK_SPEED_MAX, `must be between ${WALK_SPEED_MIN} and ${WALK_SPEED_MAX} px/s`).optional(),
  color: colorSchema.optional(),
  pose: markerPoseSchema.optional(),
});

export const areaSchema = z.strictObject({
  kind: z.literal('area'),
  id: idSchema,
  file_id: fileIdSchema,
  name: text().optional(),
  position: vec2Schema,
  size: sizeSchema,
  rotation: rotationSchema.optional(),
  color: colorSchema.optional(),
});

export const stageObjectSchema = z.discriminatedUnion('kind', [terrainSchema, propSchema, stickmanSchema, areaSchema], {
  error: (issue) =>
    issue.code === 'invalid_union' ? 'unknown object kind (expected terrain, prop, stickman or area)' : undefined,
});

const seconds = () => finite().refine((v) => v >= 0 && v <= L.maxSeconds, `must be between 0 and ${L.maxSeconds}`);

/**
 * Action payloads: one strict variant per supported kind of ACTION_DEFINITIONS, its fields built
 * from this file's value schemas. Kinds later work adds are a load error until they exist.
 */
const payloadSchemas: PayloadSchemas = {
  point: vec2Schema, seconds: seconds(), text: text(), facing: facingSchema, objectId: idSchema, hand: z.enum(['auto', 'left', 'right']),
};
const SUPPORTED_KINDS: readonly AnyActionDefinition[] = ACTION_DEFINITIONS;
type PayloadVariant<D, Extra extends z.ZodRawShape> =
  D extends ActionDefinition<infer T, infer S> ? z.ZodObject<Extra & { type: z.ZodLiteral<T> } & S, z.core.$strict> : never;
type PayloadVariants<Extra extends z.ZodRawShape> = [PayloadVariant<AnyActionDefinition, Extra>, ...PayloadVariant<AnyActionDefinition, Extra>[]];
/** Each variant is a strict object of its own: `extra` keys first, then `type`, then the kind's fields. */
const payloadVariants = <Extra extends z.ZodRawShape>(extra: Extra) =>
  SUPPORTED_KINDS.map((d) => z.strictObject({ ...extra, type: z.literal(d.type), ...d.payload(payloadSchemas) })) as unknown as PayloadVariants<Extra>;
const unsupportedAction = {
  error: (issue: { code?: string }) => (issue.code === 'invalid_union' ? 'unknown or unsupported action type' : undefined),
};

export const actionPayloadSchema = z.discriminatedUnion('type', payloadVariants({}), unsupportedAction);

/**
 * A queue item is an action payload plus its id, as one strict object per kind (an intersection
 * with a loose `{ id }` object let any unknown key through and kept it).
 */
export const queueItemSchema = z.discriminatedUnion('type', payloadVariants({ id: idSchema }), unsupportedAction);

export const ruleSchema = z.strictObject({
  id: idSchema,
  enabled: z.boolean().default(true),
  when: z.strictObject({
    // Triggers come from the TriggerRegistry: a trigger this build cannot fire is a load error.
    type: z.enum(TRIGGER_TYPES as [string, ...string[]], { error: 'unknown or unsupported trigger type' }),
    source: z.string().min(1, 'must not be empty').max(L.maxIdLength, `must be at most ${L.maxIdLength} characters`),
    target: z.string().min(1, 'must not be empty').max(L.maxIdLength, `must be at most ${L.maxIdLength} characters`),
    /** state_changed only: fire only when the rig enters this state (absent: any change). */
    state: z.enum(['ANIMATED', 'RAGDOLL', 'RECOVERING']).optional(),
  }).refine((w) => w.state === undefined || w.type === 'state_changed', { path: ['state'], message: 'only a state_changed rule can filter on a state' }),
  then: z.array(z.strictObject({
    actor: idSchema,
    mode: z.enum(['sequential', 'takeover', 'overlay']),
    action: actionPayloadSchema,
  })).max(L.maxRuleActions, `at most ${L.maxRuleActions} actions`),
});

export const anchorSchema = z.strictObject({
  id: idSchema,
  role: z.string().max(L.maxIdLength).default('grip'),
  hands: z.array(z.enum(['left', 'right'])).min(1, 'a grip needs at least one allowed hand').max(2).default(['left', 'right']),
  position: vec2Schema,
  rotation: rotationSchema.default(0),
  z_offset: finite().default(0),
  primary_grip: z.boolean().default(false),
});

export const propAssetSchema = z.strictObject({
  spawn_id: z.string().min(1).max(L.maxIdLength + 8),
  name: text(),
  shape: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('box'), size: sizeSchema }),
    z.strictObject({ kind: z.literal('circle'), radius: positive(L.maxSize) }),
    z.strictObject({ kind: z.literal('capsule'), length: positive(L.maxSize), radius: positive(L.maxSize) }),
    z.strictObject({ kind: z.literal('polygon'), points: z.array(vec2Schema).min(3).max(L.maxPolygonPoints) }),
  ]),
  mass: positive(100_000),
  gravity_scale: finite().refine((v) => Math.abs(v) <= 100, 'must be within ±100').default(1),
  friction: finite().refine((v) => v >= 0 && v <= 10, 'must be between 0 and 10').default(0.6),
  restitution: unitRange().default(0.1),
  colors: z.strictObject({ fill: colorSchema, stroke: colorSchema }).optional(),
  anchors: z.array(anchorSchema).max(L.maxAnchors).default([]),
});

export const stageSettingsSchema = z.strictObject({
  width: positive(L.maxStageSize),
  height: positive(L.maxStageSize),
  // Straight down only: walking, standing up and leaving the stage (its bottom edge) are built on
  // +Y being down, so sideways or upward gravity would make a ragdoll stand up in mid-air.
  gravity: z.tuple([
    finite().refine((v): boolean => v === 0, 'gravity must point straight down: x must be 0'),
    finite().refine((v) => v >= L.minGravity && v <= L.maxGravity, `gravity must point straight down: y must be between ${L.minGravity} and ${L.maxGravity}`),
  ]).default([0, 980]),
  seed: z.number().int().min(0).max(2 ** 32 - 1).default(1),
});

export const sceneSchema = z.strictObject({
  format: z.literal(SCENE_FORMAT, { error: `format must be "${SCENE_FORMAT}"` }),
  version: z.literal(SCENE_VERSION),
  name: text().optional(),
  stage: stageSettingsSchema,
  objects: z.array(stageObjectSchema).max(L.maxObjects, `at most ${L.maxObjects} objects`),
  queues: z.record(z.string(), z.array(queueItemSchema).max(L.maxQueueItems, `at most ${L.maxQueueItems} queue items`)).default({}),
  rules: z.array(ruleSchema).max(L.maxRules, `at most ${L.maxRules} rules`).default([]),
  prop_assets: z.array(propAssetSchema).max(L.maxPropAssets, `at most ${L.maxPropAssets} prop assets`).default([]),
});

export type SceneDocument = z.infer<typeof sceneSchema>;
export type StageObject = z.infer<typeof stageObjectSchema>;
export type TerrainObject = z.infer<typeof terrainSchema>;
export type PropObject = z.infer<typeof propSchema>;
export type StickmanObject = z.infer<typeof stickmanSchema>;
export type AreaObject = z.infer<typeof areaSchema>;
export type ActionPayload = z.infer<typeof actionPayloadSchema>;
export type QueueItem = z.infer<typeof queueItemSchema>;
export type Rule = z.infer<typeof ruleSchema>;
export type PropAsset = z.infer<typeof propAssetSchema>;
export type ObjectKind = StageObject['kind'];
