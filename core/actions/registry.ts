/**
 * ActionRegistry (seed phase 11 §5): the action kinds, built from the definitions in ./kinds, in
 * their order. The runtime, the schema checks and every editor (queue panel, Direct popup,
 * When/Then editor) read this; there is no second list of kinds anywhere.
 */
import type { ActionPayload } from '../scene/schema';
import type { ActionDefinition, ObjectNamer } from './definition';
import { ACTION_DEFINITIONS } from './kinds';
import { bareLabel } from './phrasing';

export type { ActionField, CaptureKind, FieldKind, ObjectNamer } from './definition';
export { defaultSpeechSeconds } from './kinds';
export { TRIGGER_REGISTRY, triggerSpec, endpointKinds, type EndpointKind, type TriggerSpec } from './triggers';

/** One kind as the editors and the runtime see it (any kind's definition). */
export type ActionSpec = ActionDefinition;

export const ACTION_REGISTRY: readonly ActionSpec[] = ACTION_DEFINITIONS;

/** Whether `performer` (a stickman, or the directed camera) may run `spec`. */
export const performs = (spec: ActionSpec, performer: 'stickman' | 'camera'): boolean => (spec.performer ?? 'stickman') === performer || spec.performer === 'both';

/** The kinds a stickman runs (its menus). */
export const STICKMAN_ACTIONS: readonly ActionSpec[] = ACTION_REGISTRY.filter((s) => performs(s, 'stickman'));
/** The kinds the directed camera runs (its queue's menu, its rule reactions). */
export const CAMERA_ACTIONS: readonly ActionSpec[] = ACTION_REGISTRY.filter((s) => performs(s, 'camera'));

export function actionSpec(type: string): ActionSpec | undefined {
  return ACTION_REGISTRY.find((a) => a.type === type);
}

/** "Walk to (1500, 1400)", "“Hello” 2 s", "Wait 1 s", "Face left": the kind's own text. `name` names objects (default: their ids). */
export function actionText(action: ActionPayload, name?: ObjectNamer): string {
  const spec = actionSpec(action.type);
  return spec ? spec.text(action, name) : action.type;
}

/** The action as a verb phrase for a rule summary: "says “Made it!”", "walks to (10, 20)". */
export function actionPhrase(action: ActionPayload, name?: ObjectNamer): string {
  const spec = actionSpec(action.type);
  return spec ? spec.phrase(action, name) : action.type;
}

/** A payload holding the kind's field defaults (fields captured on stage have none). */
export function defaultValues(spec: ActionSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of spec.fields) if (f.default !== undefined) out[f.name] = f.default;
  return out;
}

export { bareLabel };
