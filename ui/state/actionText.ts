/**
 * One-line texts for actions and rules, read from the registries (action labels, trigger labels),
 * so the queue panel, the Direct popup and the rules panel describe things the same way.
 */
import { actionSpec, triggerSpec, type ActionField, type ActionSpec } from '../../core/actions/registry';
import type { ActionPayload, Rule, SceneDocument } from '../../core/scene/schema';

const num = (v: number) => String(Math.round(v * 100) / 100);
const quote = (text: string) => `“${text.length > 40 ? `${text.slice(0, 39)}…` : text}”`;

/** Spec label without its trailing ellipsis ("Walk to…" → "Walk to"). */
export const bareLabel = (spec: ActionSpec) => spec.label.replace(/…$/, '');

/** "Walk to (1500, 1400)", "“Hello” 2 s", "Wait 1 s", "Face left". */
export function actionText(a: ActionPayload): string {
  switch (a.type) {
    case 'walk_to':
      return `Walk to (${num(a.target_position[0])}, ${num(a.target_position[1])})`;
    case 'wait':
      return `Wait ${num(a.seconds)} s`;
    case 'speak':
      return `${quote(a.text)}${a.seconds !== undefined ? ` ${num(a.seconds)} s` : ''}`;
    case 'face':
      return `Face ${a.direction === 'LEFT' ? 'left' : 'right'}`;
    default: {
      const other = a as { type: string };
      const spec = actionSpec(other.type);
      return spec ? bareLabel(spec) : other.type;
    }
  }
}

/** The action as a verb phrase for a rule summary: "says “Made it!”", "walks to (10, 20)". */
export function actionPhrase(a: ActionPayload): string {
  switch (a.type) {
    case 'walk_to':
      return `walks to (${num(a.target_position[0])}, ${num(a.target_position[1])})`;
    case 'wait':
      return `waits ${num(a.seconds)} s`;
    case 'speak':
      return `says ${quote(a.text)}`;
    case 'face':
      return `faces ${a.direction === 'LEFT' ? 'left' : 'right'}`;
    default:
      return actionText(a);
  }
}

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

/** A payload with the registry defaults of `spec` (point fields unset). */
export function defaultValues(spec: ActionSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of spec.fields) if (f.default !== undefined) out[f.name] = f.default;
  return out;
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
