/**
 * One-line texts for actions and rules. An action reads the way its kind's definition says
 * (core/actions/kinds: `text`, `phrase`); triggers by the TriggerRegistry's labels. So the queue
 * panel, the Direct popup and the rules panel describe things the same way.
 */
import { actionPhrase, actionText, bareLabel, defaultValues, triggerSpec, type ActionField, type ActionSpec, type ObjectNamer } from '../../core/actions/registry';
import type { Rule, SceneDocument, StageObject } from '../../core/scene/schema';
import { modelOf } from '../../objects/core/models';

export { actionPhrase, actionText, bareLabel, defaultValues };

/** The name an object was given, for the kinds that have one (stickmen, areas). */
const nameOf = (o: StageObject | undefined): string | undefined => (o && 'name' in o ? o.name : undefined);

/** A rule end or actor as the summary names it: the object's name when it has one (given the document), else its id. */
const shortName = (ref: string, doc?: SceneDocument): string => {
  const o = doc?.objects.find((x) => x.id === ref);
  return nameOf(o) || ref;
};
const endpoint = (ref: string, fallback: string, doc?: SceneDocument) => (ref === 'any' ? fallback : shortName(ref, doc));

/** How a state_changed rule filtered on the new state reads ("When Bo falls down (RAGDOLL) → …"). */
export const RIG_STATE_PHRASES = {
  RAGDOLL: 'falls down (RAGDOLL)',
  RECOVERING: 'starts getting up (RECOVERING)',
  ANIMATED: 'is back on its feet (ANIMATED)',
} as const satisfies Record<NonNullable<Rule['when']['state']>, string>;

/**
 * "When stick-2 enters goal → stick-2 says “Made it!” (overlay)"; given the document, objects
 * are called by their names ("When Bo enters Goal → Bo says …").
 */
export function ruleSummary(rule: Pick<Rule, 'when' | 'then'>, doc?: SceneDocument): string {
  const name = doc ? objectNamer(doc) : undefined;
  const then = rule.then.length ? rule.then.map((t) => `${shortName(t.actor, doc)} ${actionPhrase(t.action, name)} (${t.mode})`).join('; ') : 'nothing';
  return `${whenSummary(rule.when, doc)} → ${then}`;
}

/** "When Ada is knocked over", "When any prop hits Bo": a rule's When (also an event breakpoint's). */
export function whenSummary(when: Rule['when'], doc?: SceneDocument): string {
  const rule = { when };
  const spec = triggerSpec(rule.when.type);
  const who = endpoint(rule.when.source, spec?.source.kinds.length === 1 ? `any ${spec.source.kinds[0]}` : 'anything', doc);
  const state = rule.when.type === 'state_changed' ? rule.when.state : undefined;
  let what: string = state ? RIG_STATE_PHRASES[state] : (spec?.label ?? rule.when.type);
  if (spec?.target) {
    const anyTarget = spec.target.kinds.length === 1 ? `any ${spec.target.kinds[0]}` : 'anything';
    what += ` ${endpoint(rule.when.target, anyTarget, doc)}`;
  }
  return `When ${who} ${what}`;
}

const onStage = (f: ActionField) => f.capture === 'stage_point' || f.capture === 'stage_prop' || f.capture === 'stage_rect';

/**
 * Does a stage click complete the action? True when some field is picked on the stage and every
 * other one is a choice with a default (a pickup: the prop is clicked, the hand stays `auto`).
 */
export const completesOnPick = (spec: ActionSpec) =>
  spec.fields.some(onStage) && spec.fields.every((f: ActionField) => onStage(f) || (f.capture === 'choice' && f.default !== undefined));

/** The field a Direct pick captures first: the prop or the point on the stage. */
export const stageField = (spec: ActionSpec): ActionField | undefined => spec.fields.find(onStage);

/** Display name of an object: "Ada (stick-1)" when it has a name. */
export function objectName(doc: SceneDocument, id: string): string {
  if (id === 'any') return 'any';
  return displayName(id, doc.objects.find((x) => x.id === id));
}

/** `objectName` of an object already in hand (`o` is the object `id` names, if any). */
export function displayName(id: string, o: StageObject | undefined): string {
  const name = nameOf(o);
  return name ? `${name} (${id})` : id;
}

/**
 * Names the objects an action text mentions: a stickman's or area's name when it has one, else
 * the id (a scene gesture its name); a reference to nothing reads "crate-1 (missing)" and a prop whose asset is missing
 * "crate-1 (placeholder)", since those actions will be skipped when they run.
 */
export function objectNamer(doc: SceneDocument): ObjectNamer {
  return (id) => {
    const o = doc.objects.find((x) => x.id === id);
    // A gesture action names one of the scene's own gestures by id (the built-ins name themselves).
    const gesture = o ? undefined : doc.gestures?.find((g) => g.id === id);
    if (gesture) return gesture.name;
    if (!o) return `${id} (missing)`;
    if (modelOf(o).placeholder?.(o, doc)) return `${id} (placeholder)`;
    return shortName(id, doc);
  };
}
