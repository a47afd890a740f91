import { describe, expect, it } from 'vitest';
import { ANY, matchingRules, ruleMatches } from '../../../core/rules/match';
import type { Rule } from '../../../core/scene/schema';
import type { StageEvent } from '../../../core/events';

const rule = (id: string, when: Partial<Rule['when']>, enabled = true): Rule => ({
  id,
  enabled,
  when: { type: 'collided', source: ANY, target: ANY, ...when },
  then: [{ actor: 'stick', mode: 'overlay', action: { type: 'speak', text: id } }],
});

const collided: StageEvent = { type: 'collided', source: 'stick', target: 'box' };
const arrived: StageEvent = { type: 'arrived', source: 'stick', target: null };

describe('ruleMatches', () => {
  it('an exact source and target match', () => {
    expect(ruleMatches(rule('r', { source: 'stick', target: 'box' }), collided)).toBe(true);
  });

  it('`any` is a wildcard on either end', () => {
    expect(ANY).toBe('any');
    expect(ruleMatches(rule('r', { source: 'any', target: 'box' }), collided)).toBe(true);
    expect(ruleMatches(rule('r', { source: 'stick', target: 'any' }), collided)).toBe(true);
    expect(ruleMatches(rule('r', {}), collided)).toBe(true);
  });

  it('the event type must match', () => {
    expect(ruleMatches(rule('r', { type: 'separated' }), collided)).toBe(false);
    expect(ruleMatches(rule('r', { type: 'arrived' }), collided)).toBe(false);
  });

  it('matching is directional: a stickman→prop rule never matches prop→stickman and vice versa', () => {
    const reversed: StageEvent = { type: 'collided', source: 'box', target: 'stick' };
    expect(ruleMatches(rule('r', { source: 'stick', target: 'box' }), reversed)).toBe(false);
    expect(ruleMatches(rule('r', { source: 'box', target: 'stick' }), collided)).toBe(false);
    expect(ruleMatches(rule('r', { source: 'box' }), collided)).toBe(false);
    expect(ruleMatches(rule('r', { target: 'stick' }), collided)).toBe(false);
  });

  it('an event without a target only matches a rule whose target is `any`', () => {
    expect(ruleMatches(rule('r', { type: 'arrived', source: 'stick' }), arrived)).toBe(true);
    expect(ruleMatches(rule('r', { type: 'arrived', source: 'stick', target: 'box' }), arrived)).toBe(false);
    // An id that happens to be spelled "null" is not a wildcard either.
    expect(ruleMatches(rule('r', { type: 'arrived', source: 'stick', target: 'null' }), arrived)).toBe(false);
  });

  it('a disabled rule never matches, even with wildcards', () => {
    expect(ruleMatches(rule('r', {}, false), collided)).toBe(false);
    expect(ruleMatches(rule('r', { source: 'stick', target: 'box' }, false), collided)).toBe(false);
    expect(ruleMatches(rule('r', { type: 'arrived' }, false), arrived)).toBe(false);
  });

  it('a rule without `enabled` (older documents) counts as enabled', () => {
    const r = rule('r', {});
    delete (r as Partial<Rule>).enabled;
    expect(ruleMatches(r, collided)).toBe(true);
  });
});

describe('matchingRules', () => {
  it('returns every enabled match, in document order', () => {
    const rules = [
      rule('r1', { source: 'stick' }),
      rule('r2', { type: 'separated' }),
      rule('r3', {}),
      rule('r4', { source: 'stick', target: 'box' }, false),
      rule('r5', { target: 'box' }),
      rule('r6', { source: 'box' }),
    ];
    expect(matchingRules(rules, collided).map((r) => r.id)).toEqual(['r1', 'r3', 'r5']);
    expect(matchingRules([...rules].reverse(), collided).map((r) => r.id)).toEqual(['r5', 'r3', 'r1']);
  });

  it('returns nothing for no rules or no match', () => {
    expect(matchingRules([], collided)).toEqual([]);
    expect(matchingRules([rule('r', { type: 'arrived' })], collided)).toEqual([]);
  });
});
