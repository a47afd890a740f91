/**
 * Rule matching (DESIGN.md §7): rules in document order, every enabled match runs. A rule's
 * source/target is an object id or `any`; an event without a target only matches `any`.
 * Matching is directional: a stickman→prop rule never matches a prop→stickman event.
 */
import type { StageEvent } from '../events';
import type { Rule } from '../scene/schema';

export const ANY = 'any';

export function ruleMatches(rule: Rule, event: StageEvent): boolean {
  if (rule.enabled === false) return false;
  return whenMatches(rule.when, event);
}

/** Does an event match a rule's When (also a debugger's event breakpoint, written with the same editor)? */
export function whenMatches(w: Rule['when'], event: StageEvent): boolean {
  if (w.type !== event.type) return false;
  if (w.source !== ANY && w.source !== event.source) return false;
  if (w.target !== ANY && w.target !== event.target) return false;
  if (w.state !== undefined && w.state !== event.state) return false;
  return true;
}

export function matchingRules(rules: readonly Rule[], event: StageEvent): Rule[] {
  return rules.filter((r) => ruleMatches(r, event));
}
