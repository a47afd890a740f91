/**
 * One-line texts for actions and rules. An action reads the way its kind's definition says
 * (core/actions/kinds: `text`, `phrase`); triggers by the TriggerRegistry's labels. So the queue
 * panel, the Direct popup and the rules panel describe things the same way.
 */
import { actionPhrase, actionText, bareLabel, defaultValues, triggerSpec, type ActionField, type ActionSpec } from '../../core/actions/registry';
import type { Rule, SceneDocument } from '../../core/scene/schema';

export { actionPhrase, actionText, bareLabel, defaultValues };

const endpoint = (ref: string, fallback: string) => (ref === 'any' ? fallback : ref);

/** "When stick-2 enters goal → stick-2 says “Made it!” (overlay)". */
export function ruleSummary(rule: Pick<Rule, 'when' | 'then'>): string {
  const spec = triggerSpec(rule.when.type);
  const who = endpoint(rule.when.source, spec?.source.kinds.every((k) => k === 'stickman') ? 'any stickman' : 'anything');
  let what = spec?.label ?? rule.when.type;
  if (spec?.target) {
    const anyTarget = spec.target.kinds.length === 1 && spec.target.kinds[0] === 'area' ? 'any area' : 'anything';
    what += ` ${endpoint(rule.when.target, anyTarget)}`;
  }
  const then = rule.then.length ? rule.then.map((t) => `${t.actor} ${actionPhrase(t.action)} (${t.mode})`).join('; ') : 'nothing';
  return `When ${who} ${what} → ${then}`;
}

/** Does every field of the spec come from a stage click? (Then a pick alone completes the action.) */
export const onlyStagePoints = (spec: ActionSpec) => spec.fields.length > 0 && spec.fields.every((f: ActionField) => f.capture === 'stage_point');

/** Display name of an object: "Ada (stick-1)" when it has a name. */
export function objectName(doc: SceneDocument, id: string): string {
  if (id === 'any') return 'any';
  const o = doc.objects.find((x) => x.id === id);
  const name = o && (o.kind === 'stickman' || o.kind === 'area') ? o.name : undefined;
  return name ? `${name} (${id})` : id;
}
