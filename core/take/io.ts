/**
 * Loading and saving take files (`.take.json`). Like scenes (core/scene/io), loading never throws
 * on bad input: it returns issues naming the JSON path and the reason, and the caller keeps what
 * it had. The scene inside is validated by the scene loader; its issues and warnings are reported
 * under `$.scene`.
 *
 * Commands keep the key order they were recorded with (the validated value is the parsed one, not
 * a rebuilt copy): a replay's `command` trace records must be byte-identical to the live run's.
 */
import { parseJsonText } from '../scene/jsonText';
import { capIssues, MAX_LISTED_ISSUES, quoteValue, toSceneIssues, type SceneIssue } from '../scene/errors';
import { loadSceneValue, saveSceneText } from '../scene/io';
import { TAKE_LIMITS } from './limits';
import { TAKE_FORMAT, TAKE_VERSION, takeEnvelopeSchema, type TakeDocument } from './schema';

export type TakeLoadResult = { ok: true; take: TakeDocument; warnings: SceneIssue[] } | { ok: false; issues: SceneIssue[] };

/** Thrown by saveTakeText for a take that would not load back. */
export class TakeSaveError extends Error {
  constructor(readonly issues: SceneIssue[]) {
    super(issues.slice(0, 5).map((i) => `${i.path}: ${i.message}`).join('\n'));
    this.name = 'TakeSaveError';
  }
}

const fail = (path: string, message: string): TakeLoadResult => ({ ok: false, issues: [{ path, message }] });

/** Scene issue paths (`$.objects[2]`) as paths inside the take (`$.scene.objects[2]`). */
const underScene = (issues: readonly SceneIssue[]): SceneIssue[] => issues.map((i) => ({ path: `$.scene${i.path.slice(1)}`, message: i.message }));

export function loadTakeText(text: string): TakeLoadResult {
  const parsed = parseJsonText(text, TAKE_LIMITS.maxFileBytes);
  return parsed.ok ? loadTakeValue(parsed.value) : parsed;
}

/** Validates an untrusted value (parsed JSON, or a take built in code). */
export function loadTakeValue(raw: unknown): TakeLoadResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('$', 'a take must be a JSON object');
  const record = raw as Record<string, unknown>;
  if (record.format !== TAKE_FORMAT) return fail('$.format', `must be "${TAKE_FORMAT}"${record.format === 'stickman-stage/scene' ? ' (this is a scene file, not a take)' : ''}`);
  if (record.version !== TAKE_VERSION) return fail('$.version', `unknown version ${quoteValue(record.version)} (supported: ${TAKE_VERSION})`);
  // Counted before the schema walks them, so a huge list is refused at once.
  for (const key of ['commands', 'controls'] as const) {
    const list = record[key];
    const max = key === 'commands' ? TAKE_LIMITS.maxCommands : TAKE_LIMITS.maxControls;
    if (Array.isArray(list) && list.length > max) return fail(`$.${key}`, `${list.length} entries; the limit is ${max}`);
  }
  const parsed = takeEnvelopeSchema.safeParse(record);
  if (!parsed.success) {
    const all = parsed.error.issues;
    return { ok: false, issues: capIssues(toSceneIssues(all.slice(0, MAX_LISTED_ISSUES)), all.length) };
  }
  const scene = loadSceneValue(record.scene);
  if (!scene.ok) return { ok: false, issues: underScene(scene.issues) };
  const env = parsed.data;
  const take: TakeDocument = {
    format: TAKE_FORMAT,
    version: TAKE_VERSION,
    metadata: env.metadata,
    started_by: env.started_by,
    length: env.length,
    scene: scene.scene,
    // The parsed entries as they were (checked above), in their own key order.
    controls: (record.controls as TakeDocument['controls']).map((c) => ({ tick: c.tick, event: c.event })),
    commands: (record.commands as TakeDocument['commands']).map((c) => ({ tick: c.tick, command: c.command })),
  };
  return { ok: true, take, warnings: underScene(scene.warnings) };
}

/**
 * One canonical layout: the scene as saveSceneText writes it, then one control and one command
 * per line, so save(load(save(x))) is byte-identical to save(x) and a diff of two takes reads well.
 * A take that would not load back is refused with a TakeSaveError naming the paths.
 */
export function saveTakeText(take: TakeDocument): string {
  const env = takeEnvelopeSchema.safeParse(take);
  if (!env.success) throw new TakeSaveError(capIssues(toSceneIssues(env.error.issues.slice(0, MAX_LISTED_ISSUES)), env.error.issues.length));
  let sceneText: string;
  try {
    sceneText = saveSceneText(take.scene);
  } catch (e) {
    const issues = (e as { issues?: SceneIssue[] }).issues;
    throw new TakeSaveError(issues ? underScene(issues) : [{ path: '$.scene', message: (e as Error).message }]);
  }
  const list = (items: readonly unknown[]) => (items.length === 0 ? '[]' : `[\n${items.map((i) => `    ${JSON.stringify(i)}`).join(',\n')}\n  ]`);
  const m = take.metadata;
  return [
    '{',
    `  "format": ${JSON.stringify(TAKE_FORMAT)},`,
    `  "version": ${JSON.stringify(TAKE_VERSION)},`,
    `  "metadata": ${JSON.stringify({ name: m.name, created: m.created, steps_per_second: m.steps_per_second })},`,
    `  "started_by": ${JSON.stringify(take.started_by)},`,
    `  "length": ${take.length},`,
    `  "scene": ${sceneText.trimEnd().replace(/\n/g, '\n  ')},`,
    `  "controls": ${list(take.controls.map((c) => ({ tick: c.tick, event: c.event })))},`,
    `  "commands": ${list(take.commands.map((c) => ({ tick: c.tick, command: c.command })))}`,
    '}',
    '',
  ].join('\n');
}
