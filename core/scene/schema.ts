/**
 * The scene document (format "stickman-stage/scene", version 1.1) as a zod schema.
 * The schema is the single source of truth: the TypeScript types are inferred from it.
 */
import { z } from 'zod';
import { SCENE_LIMITS as L } from './limits';
import { CAMERA_MAX_WIDTH, CAMERA_MIN_WIDTH } from '../camera/camera';
import { colorSchema, coord, facingSchema, finite, idSchema, positive, rotationSchema, text, unitRange, vec2Schema, sizeSchema } from './values';
import { stageObjectSchema, type ObjectKind as Kind } from '../../objects/core/schemas';
import type { TerrainObject as Terrain } from '../../objects/terrain/model';
import type { PropObject as Prop } from '../../objects/prop/model';
import type { StickmanObject as Stickman } from '../../objects/stickman/model';
import type { AreaObject as Area } from '../../objects/area/model';
import { TRIGGER_REGISTRY } from '../actions/registry';
import type { ActionDefinition, PayloadSchemas } from '../actions/definition';
import { ACTION_DEFINITIONS, type AnyActionDefinition } from '../actions/kinds';
import { gestureSchema, type SceneGesture } from './gestureSchema';

const TRIGGER_TYPES = TRIGGER_REGISTRY.map((t) => t.type);

export const SCENE_FORMAT = 'stickman-stage/scene';
export const SCENE_VERSION = '1.1';

export { vec2Schema, sizeSchema, idSchema, facingSchema } from './values';
// Each object kind owns its part of the document (objects/<kind>/model.ts); the union is built from their registry.
export { terrainSchema } from '../../objects/terrain/model';
export { propSchema, propPhysicsSchema } from '../../objects/prop/model';
export { stickmanSchema, markerPoseSchema } from '../../objects/stickman/model';
export { areaSchema } from '../../objects/area/model';
export { stageObjectSchema };
export { gestureSchema, gestureKeySchema } from './gestureSchema';

const seconds = () => finite().refine((v) => v >= 0 && v <= L.maxSeconds, `must be between 0 and ${L.maxSeconds}`);

/**
 * Action payloads: one strict variant per supported kind of ACTION_DEFINITIONS, its fields built
 * from this file's value schemas. Kinds later work adds are a load error until they exist.
 */
const payloadSchemas: PayloadSchemas = {
  point: vec2Schema, seconds: seconds(), text: text(), facing: facingSchema, objectId: idSchema, gestureId: idSchema, hand: z.enum(['auto', 'left', 'right']),
  viewWidth: finite().refine((v) => v >= CAMERA_MIN_WIDTH && v <= CAMERA_MAX_WIDTH, `must be between ${CAMERA_MIN_WIDTH} and ${CAMERA_MAX_WIDTH} stage px`),
  rect: z.tuple([coord(), coord(), coord(), coord()]).refine(([x0, y0, x1, y1]) => x1 > x0 && y1 > y0, 'a rectangle is [x0, y0, x1, y1] with x1 > x0 and y1 > y0'),
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
  // Optional, not defaulted: a scene without gestures (every file before issue 23) loads and saves unchanged.
  gestures: z.array(gestureSchema).max(L.maxGestures, `at most ${L.maxGestures} gestures`).optional(),
});

export type SceneDocument = z.infer<typeof sceneSchema>;
export type StageObject = z.infer<typeof stageObjectSchema>;
export type TerrainObject = Terrain;
export type PropObject = Prop;
export type StickmanObject = Stickman;
export type AreaObject = Area;
export type ActionPayload = z.infer<typeof actionPayloadSchema>;
export type QueueItem = z.infer<typeof queueItemSchema>;
export type Rule = z.infer<typeof ruleSchema>;
export type PropAsset = z.infer<typeof propAssetSchema>;
export type { SceneGesture };
export type ObjectKind = Kind;
