/**
 * How the rules panel reads a rule: a state_changed rule filtered on the new state says what
 * happens to the stickman, and given the document every object is called by its name.
 */
import { describe, expect, it } from 'vitest';
import { addRule } from '../../../core/scene/edit';
import type { Rule } from '../../../core/scene/schema';
import { RIG_STATE_PHRASES, ruleSummary } from '../../../ui/state/actionText';
import { ground, prop, scene } from '../../helpers/scenes';

const doc = scene([
  ground(),
  { kind: 'stickman', id: 'stick-2', name: 'Bo', position: [1000, 1400] },
  { kind: 'stickman', id: 'stick-3', position: [2000, 1400] },
  { kind: 'area', id: 'goal', name: 'Goal', position: [3000, 1300], size: [200, 200] },
  prop('ball-1', 'ball', [500, 500]),
]);
const ouch = [{ actor: 'stick-2', mode: 'overlay' as const, action: { type: 'speak' as const, text: 'Ouch' } }];
const stateRule = (state?: Rule['when']['state']): Pick<Rule, 'when' | 'then'> => ({
  when: { type: 'state_changed', source: 'stick-2', target: 'any', ...(state ? { state } : {}) },
  then: ouch,
});

describe('state_changed summaries', () => {
  it('a rule filtered on the new state reads as what happens, with the state named', () => {
    expect(ruleSummary(stateRule('RAGDOLL'), doc)).toBe('When Bo falls down (RAGDOLL) → Bo says “Ouch” (overlay)');
    expect(ruleSummary(stateRule('RECOVERING'), doc)).toBe('When Bo starts getting up (RECOVERING) → Bo says “Ouch” (overlay)');
    expect(ruleSummary(stateRule('ANIMATED'), doc)).toBe('When Bo is back on its feet (ANIMATED) → Bo says “Ouch” (overlay)');
  });

  it('without a state it reads as any change', () => {
    expect(ruleSummary(stateRule(), doc)).toBe('When Bo changes state → Bo says “Ouch” (overlay)');
    expect(ruleSummary({ ...stateRule('RAGDOLL'), when: { type: 'state_changed', source: 'any', target: 'any', state: 'RAGDOLL' } }, doc)).toBe(
      'When any stickman falls down (RAGDOLL) → Bo says “Ouch” (overlay)',
    );
  });

  it('every state the schema accepts has a phrase', () => {
    for (const state of ['ANIMATED', 'RAGDOLL', 'RECOVERING'] as const) {
      expect(RIG_STATE_PHRASES[state]).toContain(`(${state})`);
      // The editor saves what it offers: each filter is a valid rule.
      const next = addRule(doc, { when: { type: 'state_changed', source: 'stick-2', target: 'any', state }, then: ouch });
      expect(next.rules.at(-1)!.when.state).toBe(state);
    }
  });
});

describe('names', () => {
  it('given the document, named stickmen and areas are called by name; unnamed objects and props by id', () => {
    const rule: Pick<Rule, 'when' | 'then'> = {
      when: { type: 'entered_area', source: 'stick-2', target: 'goal' },
      then: [{ actor: 'stick-3', mode: 'sequential', action: { type: 'wait', seconds: 1 } }, ...ouch],
    };
    expect(ruleSummary(rule, doc)).toBe('When Bo enters Goal → stick-3 waits 1 s (sequential); Bo says “Ouch” (overlay)');
    expect(ruleSummary({ when: { type: 'collided', source: 'stick-2', target: 'ball-1' }, then: ouch }, doc)).toBe('When Bo collides with ball-1 → Bo says “Ouch” (overlay)');
  });

  it('without the document the ids are shown, and a missing object keeps its id', () => {
    expect(ruleSummary(stateRule('RAGDOLL'))).toBe('When stick-2 falls down (RAGDOLL) → stick-2 says “Ouch” (overlay)');
    expect(ruleSummary({ when: { type: 'arrived', source: 'gone', target: 'any' }, then: ouch }, doc)).toBe('When gone arrives → Bo says “Ouch” (overlay)');
  });
});
