/**
 * Loading and saving scene files. Loading never throws on bad input: it returns the issues,
 * each naming the JSON path and the reason, so the caller can keep the current scene. What a
 * scene may hold but cannot fully use (a custom prop whose asset is missing, an action naming a
 * prop that is not there) loads with a warning in the same form (seed phase 11 §6).
 */
import { parseJsonText } from './jsonText';
import { capIssues, formatPath, MAX_LISTED_ISSUES, quoteValue, SceneSaveError, toSceneIssues, type SceneIssue } from './errors';
import { checkJsonStructure } from './inputGuard';
import { SCENE_LIMITS } from './limits';
import { isBuiltinSpawnId } from './builtinProps';
import { ACTION_REGISTRY, actionSpec, performs } from '../actions/registry';
import { BUILTIN_GESTURE_PREFIX, findGesture } from '../gestures';
import { CAMERA_ID } from '../camera/actions';
import { findPropTemplate } from '../props/resolve';
import { propShapeProblem } from '../props/shapeCheck';
import { migrate10to11 } from './migrate';
import { crowdingIssue } from './crowding';
import { SCENE_FORMAT, sceneSchema, type SceneDocument } from './schema';
import { modelOf, modelOfKind } from '../../objects/core/models';
import type { LoadContext } from '../../objects/core/objectModel';

/** A load warning and the object it concerns (the placeholder, or the stickman whose action it is). */
export interface SceneWarning extends SceneIssue {
  object: string;
}

export type SceneLoadResult =
  | { ok: true; scene: SceneDocument; migratedFrom?: string; warnings: SceneIssue[] }
  | { ok: false; issues: SceneIssue[] };

const SUPPORTED_VERSIONS = ['1.0', '1.1'];

export function loadSceneText(text: string): SceneLoadResult {
  const parsed = parseJsonText(text, SCENE_LIMITS.maxFileBytes);
  return parsed.ok ? loadSceneValue(parsed.value) : parsed;
}

/**
 * Validates an untrusted value (parsed JSON, or a document built in code). Structure first
 * (depth, sizes, `__proto__` keys: see inputGuard), then format and version, migration, the
 * schema and the reference checks. A refusal lists at most MAX_LISTED_ISSUES issues, the last
 * one saying how many more there were, and quotes at most a short excerpt of any value.
 */
export function loadSceneValue(raw: unknown): SceneLoadResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('$', 'a scene must be a JSON object');
  const record = raw as Record<string, unknown>;
  // Before the structural walk, whose generic list limit (10,000) would otherwise speak for it.
  if (Array.isArray(record.objects) && record.objects.length > SCENE_LIMITS.maxObjects) {
    return fail('$.objects', `${record.objects.length} objects; the limit is ${SCENE_LIMITS.maxObjects}`);
  }
  const structural = checkJsonStructure(raw);
  if (structural) return { ok: false, issues: [structural] };
  if (record.format !== SCENE_FORMAT) return fail('$.format', `must be "${SCENE_FORMAT}"`);
  const version = record.version;
  if (typeof version !== 'string' || !SUPPORTED_VERSIONS.includes(version)) {
    return fail('$.version', `unknown version ${quoteValue(version)} (supported: ${SUPPORTED_VERSIONS.join(', ')})`);
  }
  const issues: SceneIssue[] = [];
  const input = version === '1.0' ? migrate10to11(record, issues) : record;
  if (issues.length) return { ok: false, issues: capIssues(issues) };
  const parsed = sceneSchema.safeParse(input);
  if (!parsed.success) {
    // Only the listed issues are formatted: a hostile file can produce hundreds of thousands.
    const all = parsed.error.issues;
    return { ok: false, issues: capIssues(toSceneIssues(all.slice(0, MAX_LISTED_ISSUES)), all.length) };
  }
  const semantic = checkReferences(parsed.data);
  if (semantic.length) return { ok: false, issues: capIssues(semantic) };
  const crowding = crowdingIssue(parsed.data);
  if (crowding) return { ok: false, issues: [crowding] };
  const warnings = capIssues(referenceWarnings(parsed.data));
  return version === '1.0' ? { ok: true, scene: parsed.data, migratedFrom: '1.0', warnings } : { ok: true, scene: parsed.data, warnings };
}

/**
 * Saving always writes 1.1 in one canonical layout, so load → save → load gives the same
 * document and save(load(save(x))) is byte-identical to save(x). The document is first put
 * through the schema (defaults filled in, keys in schema order), so a document built in code
 * saves exactly like the same document loaded from a file. A document that would not load
 * back (schema or reference issues) is refused with a SceneSaveError instead of being written.
 */
export function saveSceneText(scene: SceneDocument): string {
  const parsed = sceneSchema.safeParse(scene);
  if (!parsed.success) {
    throw new SceneSaveError(toSceneIssues(parsed.error.issues));
  }
  const issues = checkReferences(parsed.data);
  if (issues.length) throw new SceneSaveError(issues);
  return `${stringifyCanonical(parsed.data, '')}\n`;
}

/**
 * JSON with two-space indentation, except that arrays of plain values (positions, sizes,
 * colours lists) stay on one line: `"position": [2000, 1500]`.
 */
function stringifyCanonical(value: unknown, indent: string): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((v) => v === null || typeof v !== 'object')) return `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
    const inner = `${indent}  `;
    return `[\n${value.map((v) => inner + stringifyCanonical(v, inner)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    const inner = `${indent}  `;
    const body = entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${stringifyCanonical(v, inner)}`);
    return `{\n${body.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

export { isBuiltinSpawnId };

/**
 * An asset's anchors (the `anchors` of a .prop.json or an embedded asset): ids unique within the
 * asset, at most one `primary_grip`. `base` is the asset's JSON path.
 */
export function anchorIssues(anchors: readonly { id: string; primary_grip: boolean }[], base: string): SceneIssue[] {
  const issues: SceneIssue[] = [];
  const ids = new Set<string>();
  let primary = -1;
  anchors.forEach((g, j) => {
    if (ids.has(g.id)) issues.push({ path: `${base}.anchors[${j}].id`, message: `duplicate grip id ${quoteValue(g.id)}` });
    ids.add(g.id);
    if (g.primary_grip) {
      if (primary >= 0) issues.push({ path: `${base}.anchors[${j}].primary_grip`, message: `only one grip may be primary (anchors[${primary}] already is)` });
      else primary = j;
    }
  });
  return issues;
}

/**
 * What loads but cannot be fully used, each with its JSON path: a custom prop whose asset is
 * missing (it becomes an inert placeholder keeping its id), and a queued or rule action naming
 * a prop that is not in the scene (it stays, and finishes `skipped` when it runs). References
 * that give an action its owner are checked strictly by checkReferences instead.
 */
export function referenceWarnings(scene: SceneDocument): SceneWarning[] {
  const warnings: SceneWarning[] = [];
  const kindById = new Map<string, string>(scene.objects.map((o) => [o.id, o.kind]));
  scene.objects.forEach((o, i) => {
    for (const w of modelOf(o).loadWarnings?.(o, `$.objects[${i}]`, scene) ?? []) warnings.push({ ...w, object: o.id });
  });
  const checkAction = (action: Record<string, unknown>, path: string, object: string) => {
    for (const f of actionSpec(String(action.type))?.fields ?? []) {
      const ref = action[f.name];
      if (typeof ref !== 'string') continue;
      // A gesture is the scene's or a built-in, never an object.
      if (f.kind === 'gesture') {
        if (!findGesture(ref, scene.gestures)) warnings.push({ path: `${path}.${f.name}`, message: `refers to missing gesture ${quoteValue(ref)}: the action will be skipped`, object });
        continue;
      }
      const kind = kindById.get(ref);
      if (modelOfKind(kind)?.namedBy.includes(f.kind)) continue;
      if (f.kind === 'object') {
        // The camera follows a stickman or a prop; one that is not there makes it skip.
        warnings.push({ path: `${path}.${f.name}`, message: `refers to ${kind ? `${quoteValue(ref)}, ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}` : `missing ${quoteValue(ref)}`}, not a stickman or a prop: the action will be skipped`, object });
        continue;
      }
      if (f.kind !== 'prop') continue;
      if (kind === undefined) warnings.push({ path: `${path}.${f.name}`, message: `refers to missing prop ${quoteValue(ref)}: the action will be skipped`, object });
      else warnings.push({ path: `${path}.${f.name}`, message: `${quoteValue(ref)} is ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}, not a prop: the action will be skipped`, object });
    }
  };
  for (const [owner, items] of Object.entries(scene.queues)) {
    items.forEach((item, j) => checkAction(item, `${formatPath(['queues', owner])}[${j}]`, owner));
  }
  scene.rules.forEach((rule, i) => rule.then.forEach((t, j) => {
    checkAction(t.action, `$.rules[${i}].then[${j}].action`, t.actor);
    // Only the arms may gesture beside the queue: a whole-body gesture (a bow) needs the legs.
    const g = t.mode === 'overlay' && t.action.type === 'gesture' ? findGesture(t.action.gesture_id, scene.gestures) : undefined;
    if (g?.body === 'whole') warnings.push({ path: `$.rules[${i}].then[${j}].mode`, message: `gesture ${quoteValue(g.id)} moves the whole body and cannot run as an overlay: the action will be skipped`, object: t.actor });
  }));
  return warnings;
}

/** "speak, face and gesture": the kinds that may run as an overlay, for a refusal's message. */
const OVERLAY_KINDS = ((types: string[]) => (types.length > 1 ? `${types.slice(0, -1).join(', ')} and ${types[types.length - 1]}` : types.join('')))(
  ACTION_REGISTRY.filter((s) => s.overlay).map((s) => s.type),
);

/** Why `performer` cannot run an action of `type` (a stickman does not follow; the camera does not walk). */
const performerMessage = (type: string, performer: 'stickman' | 'camera'): string =>
  performer === 'camera' ? `the camera runs camera_follow, camera_frame and wait, not "${type}"` : `"${type}" is a camera action: only the "${CAMERA_ID}" queue runs it`;

function fail(path: string, message: string): SceneLoadResult {
  return { ok: false, issues: [{ path, message }] };
}

/** Checks the schema cannot express: unique ids, and every reference pointing at something real. */
export function checkReferences(scene: SceneDocument): SceneIssue[] {
  const issues: SceneIssue[] = [];
  const kindById = new Map<string, string>();
  const fileIds = new Set<number>();
  const assetIds = new Set<string>();
  const badShapeAssets = new Set<string>();
  scene.prop_assets.forEach((a, i) => {
    if (isBuiltinSpawnId(a.spawn_id)) issues.push({ path: `$.prop_assets[${i}].spawn_id`, message: 'the builtin: prefix is reserved' });
    if (assetIds.has(a.spawn_id)) issues.push({ path: `$.prop_assets[${i}].spawn_id`, message: `duplicate spawn_id ${quoteValue(a.spawn_id)}` });
    assetIds.add(a.spawn_id);
    // Asset shapes become physics colliders: checked like terrain polygons, and not too thin.
    const problem = propShapeProblem(a.shape);
    if (problem) {
      issues.push({ path: `$.prop_assets[${i}].shape${a.shape.kind === 'polygon' ? '.points' : ''}`, message: problem });
      badShapeAssets.add(a.spawn_id);
    }
    issues.push(...anchorIssues(a.anchors, `$.prop_assets[${i}]`));
  });
  issues.push(...gestureIssues(scene.gestures ?? []));
  // Resolved once per spawn_id: a file may place thousands of props of one polygon asset.
  const templates = new Map<string, ReturnType<typeof findPropTemplate>>();
  const templateOf = (spawnId: string) => {
    if (!templates.has(spawnId)) templates.set(spawnId, findPropTemplate(spawnId, scene.prop_assets));
    return templates.get(spawnId);
  };
  scene.objects.forEach((o, i) => {
    if (kindById.has(o.id)) issues.push({ path: `$.objects[${i}].id`, message: `duplicate id "${o.id}"` });
    kindById.set(o.id, o.kind);
    if (fileIds.has(o.file_id)) issues.push({ path: `$.objects[${i}].file_id`, message: `duplicate file_id ${o.file_id}` });
    fileIds.add(o.file_id);
  });
  const ctx: LoadContext = { doc: scene, template: templateOf, badAsset: (spawnId) => badShapeAssets.has(spawnId) };
  scene.objects.forEach((o, i) => {
    if (o.id === 'any') issues.push({ path: `$.objects[${i}].id`, message: '"any" is reserved and cannot be an object id' });
    if (o.id === CAMERA_ID) issues.push({ path: `$.objects[${i}].id`, message: `"${CAMERA_ID}" is reserved for the directed camera and cannot be an object id` });
    issues.push(...(modelOf(o).loadIssues?.(o, `$.objects[${i}]`, ctx) ?? []));
  });
  const itemIds = new Set<string>();
  for (const [owner, items] of Object.entries(scene.queues)) {
    const base = formatPath(['queues', owner]);
    const performer = owner === CAMERA_ID ? 'camera' : 'stickman';
    if (performer === 'stickman' && !modelOfKind(kindById.get(owner))?.actor) issues.push({ path: base, message: `queue owner ${quoteValue(owner)} is not a stickman in this scene` });
    items.forEach((item, j) => {
      if (itemIds.has(item.id)) issues.push({ path: `${base}[${j}].id`, message: `duplicate action id "${item.id}"` });
      itemIds.add(item.id);
      const spec = actionSpec(item.type);
      if (spec && !performs(spec, performer)) issues.push({ path: `${base}[${j}].type`, message: performerMessage(item.type, performer) });
    });
  }
  const ruleIds = new Set<string>();
  scene.rules.forEach((rule, i) => {
    const base = `$.rules[${i}]`;
    if (ruleIds.has(rule.id)) issues.push({ path: `${base}.id`, message: `duplicate rule id "${rule.id}"` });
    ruleIds.add(rule.id);
    for (const end of ['source', 'target'] as const) {
      const ref = rule.when[end];
      if (ref !== 'any' && !kindById.has(ref)) issues.push({ path: `${base}.when.${end}`, message: `refers to missing object "${ref}"` });
    }
    rule.then.forEach((t, j) => {
      const performer = t.actor === CAMERA_ID ? 'camera' : 'stickman';
      if (performer === 'stickman' && !modelOfKind(kindById.get(t.actor))?.actor) {
        issues.push({ path: `${base}.then[${j}].actor`, message: `actor "${t.actor}" is not a stickman in this scene` });
      }
      const spec = actionSpec(t.action.type);
      if (spec && !performs(spec, performer)) issues.push({ path: `${base}.then[${j}].action.type`, message: performerMessage(t.action.type, performer) });
      if (t.mode === 'overlay' && !actionSpec(t.action.type)?.overlay) {
        issues.push({ path: `${base}.then[${j}].mode`, message: `"${t.action.type}" cannot run as an overlay (only ${OVERLAY_KINDS} can)` });
      }
    });
  });
  return issues;
}

/** A scene's own gestures: ids unique, and none in the built-ins' `builtin:` namespace. */
function gestureIssues(gestures: readonly { id: string }[]): SceneIssue[] {
  const issues: SceneIssue[] = [];
  const ids = new Set<string>();
  gestures.forEach((g, i) => {
    if (g.id.startsWith(BUILTIN_GESTURE_PREFIX)) issues.push({ path: `$.gestures[${i}].id`, message: `the ${BUILTIN_GESTURE_PREFIX} prefix is reserved for the built-in gestures` });
    else if (ids.has(g.id)) issues.push({ path: `$.gestures[${i}].id`, message: `duplicate gesture id ${quoteValue(g.id)}` });
    ids.add(g.id);
  });
  return issues;
}
