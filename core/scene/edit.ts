/**
 * Pure, immutable editing operations on a scene document, for the editor (each result is one
 * undo step) and for tests. Every operation returns a NEW document and never mutates its input;
 * unchanged parts are shared with the input (structural sharing), so treat documents as frozen.
 *
 * Every operation keeps a valid document valid: its result passes `sceneSchema` and
 * `checkReferences` whenever its input did. An operation that would break that (unknown id,
 * out-of-range value, unknown spawn_id, a rule naming a missing object …) throws an EditError
 * carrying the same kind of `{ path, message }` issues a rejected load reports, and leaves
 * nothing changed.
 *
 * New objects (created or duplicated) are appended to `objects`, so the new object is always
 * `result.objects[result.objects.length - 1]` (see also `lastObject`).
 */
import { CAMERA_ID } from '../camera/actions';
import { actionSpec, performs } from '../actions/registry';
import { isObjectField } from '../actions/definition';
import { modelOf, modelOfKind, OBJECT_KIND_LIST } from '../../objects/core/models';
import { formatPath, toSceneIssues, type SceneIssue } from './errors';
import { checkReferences } from './io';
import { SCENE_LIMITS } from './limits';
import {
  actionPayloadSchema,
  idSchema,
  ruleSchema,
  sceneSchema,
  SCENE_FORMAT,
  SCENE_VERSION,
  stageObjectSchema,
  stageSettingsSchema,
  type ActionPayload,
  type AreaObject,
  type ObjectKind,
  type PropObject,
  type QueueItem,
  type Rule,
  type SceneDocument,
  type StageObject,
  type StickmanObject,
  type TerrainObject,
} from './schema';

export type Vec2 = readonly [number, number];

/** Thrown by an edit that would make the document invalid; the input document is unchanged. */
export class EditError extends Error {
  constructor(message: string, readonly issues: SceneIssue[] = []) {
    super(issues.length ? `${message}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}` : message);
    this.name = 'EditError';
  }
}

/** Fields an edit may never set directly: identity is allocated (or renamed with renameObject). */
type Identity = 'kind' | 'id' | 'file_id' | 'stage_object_id';
type Editable<T> = Partial<Omit<T, Identity>>;

/** What createObject accepts per kind (all optional; `position` comes from `at`). */
export interface ObjectSpecMap {
  terrain: Omit<Editable<TerrainObject>, 'position'>;
  prop: Omit<Editable<PropObject>, 'position'>;
  stickman: Omit<Editable<StickmanObject>, 'position'>;
  area: Omit<Editable<AreaObject>, 'position'>;
}
/** An explicit `id` may be given; it must be valid and unused. Otherwise one is allocated. */
export type ObjectSpec<K extends ObjectKind> = ObjectSpecMap[K] & { id?: string };

/** A shallow patch for updateObject. A key set to `undefined` removes that optional field. */
export type ObjectPatch = Editable<TerrainObject> | Editable<PropObject> | Editable<StickmanObject> | Editable<AreaObject>;

export interface RuleInput {
  id?: string;
  enabled?: boolean;
  when: Rule['when'];
  then: Rule['then'];
}
export type RulePatch = Partial<Omit<Rule, 'id'>>;
export type StagePatch = Partial<SceneDocument['stage']>;

export interface NewSceneOptions {
  width?: number;
  height?: number;
  gravity?: [number, number];
  name?: string;
}

const IDENTITY_KEYS: readonly string[] = ['kind', 'id', 'file_id', 'stage_object_id'];

/** How far a copy lands from its source, and the new scene's ground (px). A new object's defaults are its kind's (objects/<kind>/model.ts). */
export const EDIT_DEFAULTS = {
  duplicateOffset: [40, 40] as Vec2,
  groundHeight: 200,
} as const;

// ---------------------------------------------------------------------------------------------
// Lookup and id allocation

export function findObject(doc: SceneDocument, id: string): StageObject | undefined {
  return doc.objects.find((o) => o.id === id);
}

/** The most recently added object (where createObject and duplicateObject put theirs). */
export function lastObject(doc: SceneDocument): StageObject | undefined {
  return doc.objects[doc.objects.length - 1];
}

/**
 * A fresh, readable object id `<prefix>-<n>`: n is one more than the highest `<prefix>-<n>`
 * already in the document (so `box-1`, `box-2`, … and a deleted `box-1` is not handed out
 * again while `box-2` exists). The prefix is cleaned to the id alphabet.
 */
export function nextId(doc: SceneDocument, prefix: string): string {
  return freshId(new Set(doc.objects.map((o) => o.id)), cleanPrefix(prefix), '-');
}

/** The next free file_id: one more than the highest in use (1 for an empty stage). */
export function nextFileId(doc: SceneDocument): number {
  return doc.objects.reduce((max, o) => Math.max(max, o.file_id), 0) + 1;
}

/** A fresh action id `a<n>`, unique across every queue of the document. */
export function nextActionId(doc: SceneDocument): string {
  const used = new Set<string>();
  for (const items of Object.values(doc.queues)) for (const item of items) used.add(item.id);
  return freshId(used, 'a', '');
}

/** A fresh rule id `r<n>`. */
export function nextRuleId(doc: SceneDocument): string {
  return freshId(new Set(doc.rules.map((r) => r.id)), 'r', '');
}

function freshId(used: ReadonlySet<string>, prefix: string, sep: string): string {
  const pattern = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${sep}(\\d+)$`);
  let max = 0;
  for (const id of used) {
    const m = pattern.exec(id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  let n = Number.isSafeInteger(max + 1) ? max + 1 : 1;
  while (used.has(`${prefix}${sep}${n}`)) n++;
  return `${prefix}${sep}${n}`;
}

function cleanPrefix(prefix: string): string {
  const cleaned = prefix
    .replace(/[^A-Za-z0-9_:.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SCENE_LIMITS.maxIdLength - 12)
    .replace(/-+$/, '');
  return cleaned || 'object';
}

/** The readable id prefix for a new object or a copy of `source`, as its kind names it (`block`, `ball`, `stick`, `area` …). */
function prefixFor(source: Readonly<Record<string, unknown>> & { kind: string }): string {
  return modelOfKind(source.kind)!.idPrefix(source);
}

/** Keeps the keys that always equal an object's id (a prop's stage_object_id) equal to `id`. */
function mirrorId(raw: Record<string, unknown>, id: string): void {
  for (const key of modelOfKind(raw.kind as string)?.idMirrors ?? []) raw[key] = id;
}

// ---------------------------------------------------------------------------------------------
// Scenes

/** An empty stage (default 4000 × 1600, gravity [0, 980]) with a 200 px ground block across its bottom. */
export function newScene(options: NewSceneOptions = {}): SceneDocument {
  const width = options.width ?? 4000;
  const height = options.height ?? 1600;
  const g = EDIT_DEFAULTS.groundHeight;
  const raw = {
    format: SCENE_FORMAT,
    version: SCENE_VERSION,
    ...(options.name !== undefined ? { name: options.name } : {}),
    stage: { width, height, gravity: options.gravity ? [options.gravity[0], options.gravity[1]] : [0, 980] },
    objects: [
      { kind: 'terrain', id: 'ground', file_id: 1, shape: 'block', position: [width / 2, height - g / 2], size: [width, g], rotation: 0 },
    ],
    queues: {},
    rules: [],
    prop_assets: [],
  };
  const parsed = sceneSchema.safeParse(raw);
  if (!parsed.success) throw new EditError('invalid new scene', toSceneIssues(parsed.error.issues));
  return parsed.data;
}

/** Changes stage settings (size, gravity, seed). */
export function updateStage(doc: SceneDocument, patch: StagePatch): SceneDocument {
  const parsed = stageSettingsSchema.safeParse(applyPatch(doc.stage, patch));
  if (!parsed.success) throw new EditError('invalid stage settings', toSceneIssues(parsed.error.issues, ['stage']));
  return { ...doc, stage: parsed.data };
}

// ---------------------------------------------------------------------------------------------
// Objects

/**
 * Places a new object at `at` (its centre; a stickman's root) with per-kind defaults:
 * terrain `block` 400×100 (or `ramp`/`stairs` 400×200 rising right, stairs with 5 steps,
 * a small triangle `polygon`), a prop of `spawn_id` (default `builtin:box`), a stickman
 * facing RIGHT with auto_recover, a 200×200 area. The id is `spec.id` or a fresh readable one
 * (`block-1`, `ball-2`, `stick-3`, `area-1` …), the file_id the next free one; for a prop
 * `stage_object_id` is the new id. Appended to `objects`.
 */
export function createObject<K extends ObjectKind>(doc: SceneDocument, kind: K, spec: ObjectSpec<K>, at: Vec2): SceneDocument {
  if (doc.objects.length >= SCENE_LIMITS.maxObjects) {
    throw new EditError(`a scene holds at most ${SCENE_LIMITS.maxObjects} objects`, [
      { path: '$.objects', message: `at most ${SCENE_LIMITS.maxObjects} objects` },
    ]);
  }
  const { id: wantedId, ...rest } = spec as ObjectSpec<ObjectKind> & Record<string, unknown>;
  rejectIdentityKeys(rest, 'createObject');
  const model = modelOfKind(kind);
  if (!model) throw new EditError(`unknown object kind "${String(kind)}" (expected ${OBJECT_KIND_LIST})`);
  const defaults = model.defaults(rest);
  const prefix = model.idPrefix(rest);
  const id = wantedId ?? nextId(doc, prefix);
  assertFreshObjectId(doc, id);
  const raw: Record<string, unknown> = {
    ...applyPatch(defaults, rest),
    kind,
    id,
    file_id: nextFileId(doc),
    position: [at[0], at[1]],
  };
  mirrorId(raw, id);
  const object = validateObject(doc, raw, doc.objects.length);
  return { ...doc, objects: [...doc.objects, object] };
}

/**
 * Shallow-merges `patch` into the object (a key set to `undefined` removes that optional
 * field). Identity (`kind`, `id`, `file_id`, `stage_object_id`) cannot be patched: use
 * renameObject to change an id.
 */
export function updateObject(doc: SceneDocument, id: string, patch: ObjectPatch): SceneDocument {
  const index = indexOfObject(doc, id);
  rejectIdentityKeys(patch as Record<string, unknown>, 'updateObject');
  const object = validateObject(doc, applyPatch(doc.objects[index] as Record<string, unknown>, patch), index);
  return replaceObject(doc, index, object);
}

/** Moves an object's position (centre; a stickman's root). Polygon points are local and move with it. */
export function moveObject(doc: SceneDocument, id: string, position: Vec2): SceneDocument {
  const index = indexOfObject(doc, id);
  const object = validateObject(doc, { ...doc.objects[index], position: [position[0], position[1]] }, index);
  return replaceObject(doc, index, object);
}

/**
 * Removes an object, its queue if it is a stickman, and the rule parts that name it.
 *
 * At run time a rule naming a missing object is skipped, never retargeted (DESIGN §7), but a
 * saved file with a dangling rule reference is rejected by checkReferences. So deleting an
 * object must not leave such references behind, or the document could no longer be saved and
 * loaded. The choice made here:
 *   - a rule whose `when.source` or `when.target` is the object is removed (its trigger can
 *     never fire again; `any` is not a reference and is kept);
 *   - a `then` entry whose `actor` is the object is removed from its rule; the rule's other
 *     entries stay. If that leaves the rule with no entries, the rule is removed too.
 *   - other stickmen's queues and the rest of every rule are untouched: an action naming the
 *     object inside its payload (a pickup's `target_prop_id`) stays, loads with a warning and
 *     finishes `skipped` when it runs (seed phase 11 §6).
 * Undo restores all of it, since the input document is unchanged.
 */
export function deleteObject(doc: SceneDocument, id: string): SceneDocument {
  indexOfObject(doc, id);
  const objects = doc.objects.filter((o) => o.id !== id);
  let queues = doc.queues;
  if (Object.hasOwn(doc.queues, id)) {
    queues = Object.fromEntries(Object.entries(doc.queues).filter(([owner]) => owner !== id));
  }
  const rules: Rule[] = [];
  for (const rule of doc.rules) {
    if (rule.when.source === id || rule.when.target === id) continue;
    const then = rule.then.filter((t) => t.actor !== id);
    if (then.length === rule.then.length) rules.push(rule);
    else if (then.length > 0) rules.push({ ...rule, then });
  }
  return { ...doc, objects, queues, rules };
}

/**
 * Copies an object `offset` away (default 40, 40) under a NEW id (same readable prefix:
 * `box-2` → `box-3`) and the next free file_id; a prop's `stage_object_id` is the new id,
 * never copied. A stickman's queue and the rules naming the original are not copied.
 * Appended to `objects`.
 */
export function duplicateObject(doc: SceneDocument, id: string, offset: Vec2 = EDIT_DEFAULTS.duplicateOffset): SceneDocument {
  if (doc.objects.length >= SCENE_LIMITS.maxObjects) {
    throw new EditError(`a scene holds at most ${SCENE_LIMITS.maxObjects} objects`, [
      { path: '$.objects', message: `at most ${SCENE_LIMITS.maxObjects} objects` },
    ]);
  }
  const source = doc.objects[indexOfObject(doc, id)];
  let prefix = source.id.replace(/-\d+$/, '');
  if (!/[A-Za-z]/.test(prefix)) {
    // ids migrated from 1.0 are bare numbers: name the copy by its kind instead.
    prefix = prefixFor(source);
  }
  const newId = nextId(doc, prefix);
  const copy: Record<string, unknown> = {
    ...structuredClone(source),
    id: newId,
    file_id: nextFileId(doc),
    position: [source.position[0] + offset[0], source.position[1] + offset[1]],
  };
  mirrorId(copy, newId);
  const object = validateObject(doc, copy, doc.objects.length);
  return { ...doc, objects: [...doc.objects, object] };
}

/**
 * Gives an object a new id and rewrites every reference to it (its queue key, keeping queue
 * order; rule sources, targets and actors; a prop's stage_object_id). file_id is unchanged.
 */
export function renameObject(doc: SceneDocument, id: string, newId: string): SceneDocument {
  const index = indexOfObject(doc, id);
  if (newId === id) return doc;
  assertFreshObjectId(doc, newId);
  const renamed: Record<string, unknown> = { ...doc.objects[index], id: newId };
  mirrorId(renamed, newId);
  const object = validateObject(doc, renamed, index);
  const swap = (ref: string) => (ref === id ? newId : ref);
  const queues = Object.hasOwn(doc.queues, id)
    ? Object.fromEntries(Object.entries(doc.queues).map(([owner, items]) => [swap(owner), items]))
    : doc.queues;
  // Actions naming the object inside their payload (a pickup's prop) follow it too.
  const renameIn = <A extends ActionPayload>(action: A): A => (namesObject(action, id) ? relocateAction(action, [0, 0], swap) : action);
  const renamedQueues = Object.fromEntries(
    Object.entries(queues).map(([owner, items]) => [owner, items.some((item) => namesObject(item, id)) ? items.map(renameIn) : items]),
  );
  const rules = doc.rules.map((rule) => {
    const names = rule.when.source === id || rule.when.target === id || rule.then.some((t) => t.actor === id || namesObject(t.action, id));
    if (!names) return rule;
    return {
      ...rule,
      when: { ...rule.when, source: swap(rule.when.source), target: swap(rule.when.target) },
      then: rule.then.map((t) => (t.actor === id || namesObject(t.action, id) ? { ...t, actor: swap(t.actor), action: renameIn(t.action) } : t)),
    };
  });
  return { ...replaceObject(doc, index, object), queues: renamedQueues, rules };
}

// ---------------------------------------------------------------------------------------------
// Several objects at once (a multi-selection): each operation is one document, so one undo step.
// Ids that are not in the document are ignored; an id listed twice counts once.

/** The listed ids that name objects of `doc`, once each, in the order given. */
function presentIds(doc: SceneDocument, ids: readonly string[]): string[] {
  const known = new Set(doc.objects.map((o) => o.id));
  return [...new Set(ids)].filter((id) => known.has(id));
}

/** Moves every listed object by `delta` (polygon points are local and move with it). */
export function translateObjects(doc: SceneDocument, ids: readonly string[], delta: Vec2): SceneDocument {
  if (delta[0] === 0 && delta[1] === 0) return doc;
  return presentIds(doc, ids).reduce((d, id) => {
    const o = d.objects[indexOfObject(d, id)];
    return moveObject(d, id, [o.position[0] + delta[0], o.position[1] + delta[1]]);
  }, doc);
}

/** Angle in (−π, π]. */
function normalizeAngle(a: number): number {
  const t = a - 2 * Math.PI * Math.floor((a + Math.PI) / (2 * Math.PI));
  return t <= -Math.PI ? t + 2 * Math.PI : t;
}

/**
 * Turns the listed objects together by `angle` (radians, clockwise on screen) about `pivot`:
 * every position swings around the pivot, and terrain, props and areas also turn by `angle`
 * (kept in (−π, π]); stickmen stay upright. Positions are rounded to whole px and rotations to
 * 1e-4 rad, as the handles do, so a document never fills with long decimals.
 */
export function rotateObjects(doc: SceneDocument, ids: readonly string[], pivot: Vec2, angle: number): SceneDocument {
  if (!Number.isFinite(angle) || !Number.isFinite(pivot[0]) || !Number.isFinite(pivot[1])) {
    throw new EditError('rotation angle and pivot must be finite numbers');
  }
  if (angle === 0) return doc;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits + 0;
  return presentIds(doc, ids).reduce((d, id) => {
    const index = indexOfObject(d, id);
    const o = d.objects[index];
    const dx = o.position[0] - pivot[0];
    const dy = o.position[1] - pivot[1];
    const raw: Record<string, unknown> = { ...o, position: [round(pivot[0] + dx * c - dy * s, 0), round(pivot[1] + dx * s + dy * c, 0)] };
    if (modelOf(o).rotatable) raw.rotation = round(normalizeAngle(((o as { rotation?: number }).rotation ?? 0) + angle), 4);
    return replaceObject(d, index, validateObject(d, raw, index));
  }, doc);
}

/** Deletes every listed object, with what deleteObject removes along with each. */
export function deleteObjects(doc: SceneDocument, ids: readonly string[]): SceneDocument {
  return presentIds(doc, ids).reduce((d, id) => deleteObject(d, id), doc);
}

/**
 * Copies every listed object `offset` away (see duplicateObject), in the order given. The copies
 * are the last `n` objects of the result, `n` being the number of listed ids that exist.
 */
export function duplicateObjects(doc: SceneDocument, ids: readonly string[], offset: Vec2 = EDIT_DEFAULTS.duplicateOffset): SceneDocument {
  const present = presentIds(doc, ids);
  if (doc.objects.length + present.length > SCENE_LIMITS.maxObjects) {
    throw new EditError(`a scene holds at most ${SCENE_LIMITS.maxObjects} objects`, [
      { path: '$.objects', message: `at most ${SCENE_LIMITS.maxObjects} objects` },
    ]);
  }
  return present.reduce((d, id) => duplicateObject(d, id, offset), doc);
}

// ---------------------------------------------------------------------------------------------
// Clipboard: a selection travels as a scene document of its own (saveSceneText of `extractObjects`)

/**
 * The listed objects as a scene of their own, for the clipboard: the objects (document order),
 * the queues of the stickmen among them, the rules whose every reference is among them (or
 * `any`), the prop assets their props use, and this stage's settings. Valid whenever `doc` is.
 */
export function extractObjects(doc: SceneDocument, ids: readonly string[]): SceneDocument {
  const keep = new Set(presentIds(doc, ids));
  const objects = doc.objects.filter((o) => keep.has(o.id));
  const queues: SceneDocument['queues'] = {};
  for (const o of objects) if (modelOf(o).actor && Object.hasOwn(doc.queues, o.id)) queues[o.id] = doc.queues[o.id];
  const named = (ref: string) => ref === 'any' || keep.has(ref);
  const rules = doc.rules.filter((r) => named(r.when.source) && named(r.when.target) && r.then.every((t) => keep.has(t.actor)));
  const spawns = new Set(objects.flatMap((o) => modelOf(o).assetOf?.(o) ?? []));
  const clip: SceneDocument = { format: doc.format, version: doc.version, stage: doc.stage, objects, queues, rules, prop_assets: doc.prop_assets.filter((a) => spawns.has(a.spawn_id)) };
  // The scene's own gestures the copied actions play come along (the built-ins need no entry).
  const gestures = (doc.gestures ?? []).filter((g) => usesGesture(clip, g.id));
  return gestures.length ? { ...clip, gestures } : clip;
}

/** Does a queued or rule action of `doc` play gesture `id`? */
function usesGesture(doc: SceneDocument, id: string): boolean {
  const plays = (a: ActionPayload) => a.type === 'gesture' && a.gesture_id === id;
  return Object.values(doc.queues).some((items) => items.some(plays)) || doc.rules.some((r) => r.then.some((t) => plays(t.action)));
}

/** Does the action name object `id` in one of its fields (a pickup's `target_prop_id`)? */
function namesObject(action: ActionPayload, id: string): boolean {
  const spec = actionSpec(action.type);
  return !!spec && spec.fields.some((f) => isObjectField(f) && (action as Record<string, unknown>)[f.name] === id);
}

/** An action with its stage points moved by `offset` and its object references renamed by `rename`. */
function relocateAction<A extends ActionPayload>(action: A, offset: Vec2, rename: (id: string) => string): A {
  const spec = actionSpec(action.type);
  if (!spec) return action;
  const out: Record<string, unknown> = { ...action };
  for (const f of spec.fields) {
    const v = out[f.name];
    if (f.kind === 'point' && Array.isArray(v)) out[f.name] = [v[0] + offset[0], v[1] + offset[1]];
    if (isObjectField(f) && typeof v === 'string') out[f.name] = rename(v);
  }
  return out as A;
}

/**
 * Adds the objects of `clip` (a whole scene, e.g. pasted from the clipboard) to `doc`, `offset`
 * away, and returns the result with the new objects' ids (in `clip`'s order). Every object gets
 * a fresh id (readable prefix as for duplicateObject) and file_id; the queues and rules `clip`
 * carries come along under fresh action and rule ids, every reference among the pasted objects
 * renamed, stage points (walk and throw targets) moved with them. An action naming a prop that
 * was not pasted keeps its reference (it may name a prop of `doc`, or load with a warning, DESIGN
 * §8). Prop assets `doc` lacks are added; where `doc` has an asset of the same spawn_id, the
 * pasted props use `doc`'s. Throws an EditError (nothing changed) if the result would break a
 * limit or a reference.
 */
export function pasteScene(doc: SceneDocument, clip: SceneDocument, offset: Vec2 = EDIT_DEFAULTS.duplicateOffset): { doc: SceneDocument; ids: string[] } {
  if (clip.objects.length === 0) return { doc, ids: [] };
  if (doc.objects.length + clip.objects.length > SCENE_LIMITS.maxObjects) {
    throw new EditError(`a scene holds at most ${SCENE_LIMITS.maxObjects} objects`, [
      { path: '$.objects', message: `at most ${SCENE_LIMITS.maxObjects} objects` },
    ]);
  }
  const usedIds = new Set(doc.objects.map((o) => o.id));
  const renamed = new Map<string, string>();
  let fileId = nextFileId(doc);
  const objects: StageObject[] = [...doc.objects];
  for (const source of clip.objects) {
    let prefix = source.id.replace(/-\d+$/, '');
    if (!/[A-Za-z]/.test(prefix)) prefix = prefixFor(source);
    const id = freshId(usedIds, cleanPrefix(prefix), '-');
    usedIds.add(id);
    renamed.set(source.id, id);
    const raw: Record<string, unknown> = { ...structuredClone(source), id, file_id: fileId++, position: [source.position[0] + offset[0], source.position[1] + offset[1]] };
    mirrorId(raw, id);
    objects.push(raw as StageObject);
  }
  const rename = (ref: string) => renamed.get(ref) ?? ref;

  const actionIds = new Set<string>();
  for (const items of Object.values(doc.queues)) for (const item of items) actionIds.add(item.id);
  const queues: SceneDocument['queues'] = { ...doc.queues };
  for (const [owner, items] of Object.entries(clip.queues)) {
    if (!renamed.has(owner)) continue;
    queues[rename(owner)] = items.map((item) => {
      const id = freshId(actionIds, 'a', '');
      actionIds.add(id);
      return { ...relocateAction(item, offset, rename), id };
    });
  }
  const ruleIds = new Set(doc.rules.map((r) => r.id));
  const rules = [...doc.rules];
  for (const rule of clip.rules) {
    const id = freshId(ruleIds, 'r', '');
    ruleIds.add(id);
    rules.push({
      ...rule,
      id,
      when: { ...rule.when, source: rename(rule.when.source), target: rename(rule.when.target) },
      then: rule.then.map((t) => ({ ...t, actor: rename(t.actor), action: relocateAction(t.action, offset, rename) })),
    });
  }
  const assets = new Set(doc.prop_assets.map((a) => a.spawn_id));
  const prop_assets = [...doc.prop_assets, ...clip.prop_assets.filter((a) => !assets.has(a.spawn_id))];

  // Gestures `doc` lacks are added; where `doc` has one of the same id, the pasted actions play `doc`'s (as with assets).
  const gestureIds = new Set((doc.gestures ?? []).map((g) => g.id));
  const added = (clip.gestures ?? []).filter((g) => !gestureIds.has(g.id));
  const gestures = added.length ? { gestures: [...(doc.gestures ?? []), ...added] } : {};

  const parsed = sceneSchema.safeParse({ ...doc, objects, queues, rules, prop_assets, ...gestures });
  if (!parsed.success) throw new EditError('the pasted objects do not fit this scene', toSceneIssues(parsed.error.issues.slice(0, 20)));
  const issues = checkReferences(parsed.data);
  if (issues.length) throw new EditError('the pasted objects do not fit this scene', issues.slice(0, 20));
  return { doc: parsed.data, ids: clip.objects.map((o) => renamed.get(o.id)!) };
}

// ---------------------------------------------------------------------------------------------
// Queues

/** Refuses an action the queue's owner does not run (the camera does not walk; a stickman does not frame shots). */
function checkPerformer(owner: string, action: ActionPayload, path: string): void {
  const performer = owner === CAMERA_ID ? 'camera' : 'stickman';
  const spec = actionSpec(action.type);
  if (!spec || performs(spec, performer)) return;
  const message = performer === 'camera' ? `the camera does not run "${action.type}"` : `"${action.type}" is a camera action: only the "${CAMERA_ID}" queue runs it`;
  throw new EditError(message, [{ path, message }]);
}

/**
 * Adds an action to a stickman's queue, or to the camera's (`camera`), under a fresh id (`a<n>`,
 * unique across all queues), at the end or before `index`. The new item is
 * `result.queues[stickmanId][index ?? last]`.
 */
export function appendAction(doc: SceneDocument, stickmanId: string, action: ActionPayload, index?: number): SceneDocument {
  const base = formatPath(['queues', stickmanId]);
  if (stickmanId !== CAMERA_ID) {
    const owner = doc.objects[indexOfObject(doc, stickmanId)];
    if (!modelOf(owner).actor) throw new EditError(`"${stickmanId}" is not a stickman`, [{ path: base, message: `"${stickmanId}" is not a stickman` }]);
  }
  // Own keys only: for a stickman called `toString` without a queue, queues[id] is a function.
  const items = Object.hasOwn(doc.queues, stickmanId) ? doc.queues[stickmanId] : [];
  if (items.length >= SCENE_LIMITS.maxQueueItems) {
    throw new EditError('queue is full', [{ path: base, message: `at most ${SCENE_LIMITS.maxQueueItems} queue items` }]);
  }
  const at = index === undefined ? items.length : Math.max(0, Math.min(items.length, Math.trunc(index)));
  const parsed = actionPayloadSchema.safeParse(action);
  if (!parsed.success) throw new EditError('invalid action', toSceneIssues(parsed.error.issues, ['queues', stickmanId, at]));
  checkPerformer(stickmanId, parsed.data, formatPath(['queues', stickmanId, at, 'type']));
  const item = { id: nextActionId(doc), ...parsed.data } as QueueItem;
  return { ...doc, queues: { ...doc.queues, [stickmanId]: [...items.slice(0, at), item, ...items.slice(at)] } };
}

/** Removes one item from a stickman's queue (the queue stays, possibly empty). */
export function removeAction(doc: SceneDocument, stickmanId: string, actionId: string): SceneDocument {
  const items = Object.hasOwn(doc.queues, stickmanId) ? doc.queues[stickmanId] : undefined;
  const at = items ? items.findIndex((i) => i.id === actionId) : -1;
  if (!items || at < 0) {
    throw new EditError(`no action "${actionId}" in the queue of "${stickmanId}"`, [
      { path: formatPath(['queues', stickmanId]), message: `no action "${actionId}"` },
    ]);
  }
  return { ...doc, queues: { ...doc.queues, [stickmanId]: items.filter((_, i) => i !== at) } };
}

/**
 * Replaces the payload of one queue item, keeping its id and its place in the queue. The new
 * payload may be of another action type. Throws (and changes nothing) if it is invalid.
 */
export function updateAction(doc: SceneDocument, stickmanId: string, actionId: string, action: ActionPayload): SceneDocument {
  const { items, at } = locateAction(doc, stickmanId, actionId);
  const parsed = actionPayloadSchema.safeParse(action);
  if (!parsed.success) throw new EditError('invalid action', toSceneIssues(parsed.error.issues, ['queues', stickmanId, at]));
  checkPerformer(stickmanId, parsed.data, formatPath(['queues', stickmanId, at, 'type']));
  const item = { id: actionId, ...parsed.data } as QueueItem;
  return { ...doc, queues: { ...doc.queues, [stickmanId]: items.map((x, i) => (i === at ? item : x)) } };
}

/**
 * Moves one queue item so it ends up at `toIndex` (clamped to the queue) of the reordered queue.
 * Moving an item to where it already is returns the same document.
 */
export function moveAction(doc: SceneDocument, stickmanId: string, actionId: string, toIndex: number): SceneDocument {
  const { items, at } = locateAction(doc, stickmanId, actionId);
  const to = clampIndex(toIndex, items.length);
  if (to === at) return doc;
  return { ...doc, queues: { ...doc.queues, [stickmanId]: moveItem(items, at, to) } };
}

// ---------------------------------------------------------------------------------------------
// Rules

/** Appends a rule (fresh id `r<n>` unless given; enabled by default). Its source/target must exist or be `any`; actors must be stickmen. */
export function addRule(doc: SceneDocument, input: RuleInput): SceneDocument {
  if (doc.rules.length >= SCENE_LIMITS.maxRules) {
    throw new EditError('too many rules', [{ path: '$.rules', message: `at most ${SCENE_LIMITS.maxRules} rules` }]);
  }
  const id = input.id ?? nextRuleId(doc);
  const index = doc.rules.length;
  if (doc.rules.some((r) => r.id === id)) {
    throw new EditError(`duplicate rule id "${id}"`, [{ path: `$.rules[${index}].id`, message: `duplicate rule id "${id}"` }]);
  }
  const rule = validateRule(doc, { ...input, id }, index);
  return { ...doc, rules: [...doc.rules, rule] };
}

/** Shallow-merges `patch` into a rule (`when`/`then` are replaced whole). */
export function updateRule(doc: SceneDocument, ruleId: string, patch: RulePatch): SceneDocument {
  const index = indexOfRule(doc, ruleId);
  if ('id' in patch) throw new EditError('updateRule cannot change a rule id');
  const rule = validateRule(doc, applyPatch(doc.rules[index] as Record<string, unknown>, patch), index);
  return { ...doc, rules: doc.rules.map((r, i) => (i === index ? rule : r)) };
}

export function removeRule(doc: SceneDocument, ruleId: string): SceneDocument {
  const index = indexOfRule(doc, ruleId);
  return { ...doc, rules: doc.rules.filter((_, i) => i !== index) };
}

/**
 * Moves one rule so it ends up at `toIndex` (clamped) of the reordered rule list: rules are
 * evaluated in document order, so this changes which rule's reactions are queued first.
 */
export function moveRule(doc: SceneDocument, ruleId: string, toIndex: number): SceneDocument {
  const at = indexOfRule(doc, ruleId);
  const to = clampIndex(toIndex, doc.rules.length);
  if (to === at) return doc;
  return { ...doc, rules: moveItem(doc.rules, at, to) };
}

/** Enables or disables a rule (a disabled rule never matches). Same document if unchanged. */
export function setRuleEnabled(doc: SceneDocument, ruleId: string, enabled: boolean): SceneDocument {
  const index = indexOfRule(doc, ruleId);
  if (typeof enabled !== 'boolean') throw new EditError('enabled must be true or false', [{ path: `$.rules[${index}].enabled`, message: 'must be a boolean' }]);
  if (doc.rules[index].enabled === enabled) return doc;
  return { ...doc, rules: doc.rules.map((r, i) => (i === index ? { ...r, enabled } : r)) };
}

// ---------------------------------------------------------------------------------------------
// Helpers

function indexOfObject(doc: SceneDocument, id: string): number {
  const index = doc.objects.findIndex((o) => o.id === id);
  if (index < 0) throw new EditError(`no object "${id}"`, [{ path: '$.objects', message: `no object with id "${id}"` }]);
  return index;
}

function locateAction(doc: SceneDocument, stickmanId: string, actionId: string): { items: QueueItem[]; at: number } {
  const items = Object.hasOwn(doc.queues, stickmanId) ? doc.queues[stickmanId] : undefined;
  const at = items ? items.findIndex((i) => i.id === actionId) : -1;
  if (!items || at < 0) {
    throw new EditError(`no action "${actionId}" in the queue of "${stickmanId}"`, [
      { path: formatPath(['queues', stickmanId]), message: `no action "${actionId}"` },
    ]);
  }
  return { items, at };
}

function clampIndex(index: number, length: number): number {
  if (!Number.isFinite(index)) throw new EditError(`index must be a finite number (got ${String(index)})`);
  return Math.max(0, Math.min(length - 1, Math.trunc(index)));
}

/** Copy of `list` with the element at `from` moved to index `to`. */
function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = list.slice();
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}

function indexOfRule(doc: SceneDocument, ruleId: string): number {
  const index = doc.rules.findIndex((r) => r.id === ruleId);
  if (index < 0) throw new EditError(`no rule "${ruleId}"`, [{ path: '$.rules', message: `no rule with id "${ruleId}"` }]);
  return index;
}

function replaceObject(doc: SceneDocument, index: number, object: StageObject): SceneDocument {
  return { ...doc, objects: doc.objects.map((o, i) => (i === index ? object : o)) };
}

/** Copy of `base` with `patch` applied: defined values set, `undefined` values remove the key. */
function applyPatch(base: object, patch: object): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out;
}

function rejectIdentityKeys(patch: Record<string, unknown>, op: string): void {
  const bad = Object.keys(patch).filter((k) => IDENTITY_KEYS.includes(k));
  if (bad.length) throw new EditError(`${op} cannot set ${bad.join(', ')} (ids are allocated; use renameObject to change an id)`);
}

function assertFreshObjectId(doc: SceneDocument, id: string): void {
  const path = `$.objects[${doc.objects.length}].id`;
  const parsed = idSchema.safeParse(id);
  if (!parsed.success) throw new EditError(`invalid id "${id}"`, parsed.error.issues.map((i) => ({ path, message: i.message })));
  if (id === 'any') throw new EditError('"any" is reserved', [{ path, message: '"any" is reserved and cannot be an object id' }]);
  if (doc.objects.some((o) => o.id === id)) throw new EditError(`duplicate id "${id}"`, [{ path, message: `duplicate id "${id}"` }]);
}

/** Schema-checks one object (filling defaults, canonical key order) and its spawn_id. */
function validateObject(doc: SceneDocument, raw: unknown, index: number): StageObject {
  const parsed = stageObjectSchema.safeParse(raw);
  if (!parsed.success) throw new EditError('invalid object', toSceneIssues(parsed.error.issues, ['objects', index]));
  const object = parsed.data;
  const issues = modelOf(object).editIssues?.(object, `$.objects[${index}]`, doc) ?? [];
  if (issues.length) throw new EditError(issues[0].message.replace(/ \(.*\)$/, ''), issues);
  return object;
}

/** Schema-checks one rule and the references it makes (the same rules as checkReferences, for this rule alone). */
function validateRule(doc: SceneDocument, raw: unknown, index: number): Rule {
  const parsed = ruleSchema.safeParse(raw);
  if (!parsed.success) throw new EditError('invalid rule', toSceneIssues(parsed.error.issues, ['rules', index]));
  const rule = parsed.data;
  const kindById = new Map(doc.objects.map((o) => [o.id, o.kind]));
  const issues: SceneIssue[] = [];
  for (const end of ['source', 'target'] as const) {
    const ref = rule.when[end];
    if (ref !== 'any' && !kindById.has(ref)) issues.push({ path: `$.rules[${index}].when.${end}`, message: `refers to missing object "${ref}"` });
  }
  rule.then.forEach((t, j) => {
    if (t.actor !== CAMERA_ID && !modelOfKind(kindById.get(t.actor))?.actor) {
      issues.push({ path: `$.rules[${index}].then[${j}].actor`, message: `actor "${t.actor}" is not a stickman in this scene` });
    }
  });
  if (issues.length) throw new EditError('rule refers to missing objects', issues);
  return rule;
}
