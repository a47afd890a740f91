/**
 * The TriggerRegistry's contact pairs and the left_stage trigger, as the rules editor sees them:
 * which kinds each end may be given the other end, how a rule reads, and that files may use them.
 */
import { describe, expect, it } from 'vitest';
import { endpointKinds, triggerSpec, TRIGGER_REGISTRY, type TriggerSpec } from '../../../core/actions/registry';
import { ruleSchema } from '../../../core/scene/schema';
import { ruleSummary } from '../../../ui/state/actionText';

const spec = (type: string): TriggerSpec => triggerSpec(type)!;

describe('contact triggers offer only pairs that fire', () => {
  for (const type of ['collided', 'separated']) {
    it(`${type}: a stickman touches stickmen and props, never terrain; a prop touches props and terrain`, () => {
      const t = spec(type);
      expect(endpointKinds(t, 'target', 'stickman')).toEqual(['prop', 'stickman']);
      expect(endpointKinds(t, 'target', 'prop')).toEqual(['prop', 'terrain']);
      expect(endpointKinds(t, 'source', 'terrain')).toEqual(['prop']);
      expect(endpointKinds(t, 'source', 'stickman')).toEqual(['stickman']);
      expect(endpointKinds(t, 'source', 'prop')).toEqual(['stickman', 'prop']);
      // An open end (`any`) leaves the other end its whole list.
      expect(endpointKinds(t, 'source', null)).toEqual(['stickman', 'prop']);
      expect(endpointKinds(t, 'target', null)).toEqual(['prop', 'terrain', 'stickman']);
    });
  }

  it('no trigger offers stickman → terrain', () => {
    for (const t of TRIGGER_REGISTRY) {
      if (!t.target) continue;
      expect(endpointKinds(t, 'target', 'stickman'), t.type).not.toContain('terrain');
    }
  });

  it('triggers without pairs allow every combination of their lists', () => {
    const t = spec('entered_area');
    expect(t.pairs).toBeUndefined();
    expect(endpointKinds(t, 'source', 'area')).toEqual(['stickman', 'prop']);
    expect(endpointKinds(t, 'target', 'prop')).toEqual(['area']);
  });
});

describe('left_stage: "falls off the stage"', () => {
  it('has a stickman or a prop as its source and no target, and fires in this build', () => {
    const t = spec('left_stage');
    expect(t.label).toBe('falls off the stage');
    expect(t.source.kinds).toEqual(['stickman', 'prop']);
    expect(t.target).toBeNull();
    expect(t.pending).toBeUndefined();
  });

  it('reads as a rule summary', () => {
    const then = [{ actor: 'stick-2', mode: 'overlay' as const, action: { type: 'speak' as const, text: 'Oh no' } }];
    expect(ruleSummary({ when: { type: 'left_stage', source: 'stick-1', target: 'any' }, then })).toBe('When stick-1 falls off the stage → stick-2 says “Oh no” (overlay)');
    expect(ruleSummary({ when: { type: 'left_stage', source: 'any', target: 'any' }, then })).toBe('When anything falls off the stage → stick-2 says “Oh no” (overlay)');
  });

  it('a rule file may use it', () => {
    const rule = { id: 'r1', when: { type: 'left_stage', source: 'ball-1', target: 'any' }, then: [{ actor: 'stick-1', mode: 'sequential', action: { type: 'wait', seconds: 1 } }] };
    expect(ruleSchema.safeParse(rule).error?.issues ?? []).toEqual([]);
  });
});
