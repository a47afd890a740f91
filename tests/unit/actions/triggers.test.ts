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

describe('prop triggers (seed phase 11 §5)', () => {
  const then = [{ actor: 'stick-2', mode: 'sequential' as const, action: { type: 'drop_prop' as const } }];

  it('a stickman is the source and a prop the target, and every one fires in this build', () => {
    for (const [type, label] of [['prop_picked_up', 'picks up'], ['prop_dropped', 'drops'], ['prop_thrown', 'throws']] as const) {
      const t = spec(type);
      expect(t.label, type).toBe(label);
      expect(t.source.kinds, type).toEqual(['stickman']);
      expect(t.target?.kinds, type).toEqual(['prop']);
      expect(endpointKinds(t, 'target', 'stickman'), type).toEqual(['prop']);
    }
  });

  it('read as rule summaries, an open target being "any prop"', () => {
    expect(ruleSummary({ when: { type: 'prop_picked_up', source: 'stick-1', target: 'crate-1' }, then })).toBe('When stick-1 picks up crate-1 → stick-2 drops the prop (sequential)');
    expect(ruleSummary({ when: { type: 'prop_dropped', source: 'any', target: 'any' }, then })).toBe('When any stickman drops any prop → stick-2 drops the prop (sequential)');
    expect(ruleSummary({ when: { type: 'prop_thrown', source: 'stick-1', target: 'any' }, then })).toBe('When stick-1 throws any prop → stick-2 drops the prop (sequential)');
  });

  it('a rule file may use them, and its actions may pick up another prop', () => {
    const rule = {
      id: 'r1', when: { type: 'prop_dropped', source: 'stick-1', target: 'ball-1' },
      then: [{ actor: 'stick-2', mode: 'sequential', action: { type: 'pick_up_prop', target_prop_id: 'ball-1', hand: 'left' } }],
    };
    expect(ruleSchema.safeParse(rule).error?.issues ?? []).toEqual([]);
  });

  it('given the document, a summary marks an action prop that is missing or a placeholder', () => {
    const doc = {
      format: 'stickman-stage/scene', version: '1.1', stage: { width: 100, height: 100, gravity: [0, 980], seed: 1 }, queues: {}, rules: [], prop_assets: [],
      objects: [
        { kind: 'stickman', id: 'stick-1', file_id: 1, name: 'Ada', position: [0, 0], facing: 'RIGHT', auto_recover: true },
        { kind: 'prop', id: 'crate-1', file_id: 2, stage_object_id: 'crate-1', spawn_id: 'my:crate', position: [0, 0], rotation: 0, scale: [1, 1] },
      ],
    } as const;
    const pick = (id: string) => ({ actor: 'stick-1', mode: 'sequential' as const, action: { type: 'pick_up_prop' as const, target_prop_id: id, hand: 'auto' as const } });
    const when = { type: 'queue_finished' as const, source: 'stick-1', target: 'any' };
    expect(ruleSummary({ when, then: [pick('crate-1')] }, doc as never)).toBe('When Ada finishes the queue → Ada picks up crate-1 (placeholder) (sequential)');
    expect(ruleSummary({ when, then: [pick('gone')] }, doc as never)).toBe('When Ada finishes the queue → Ada picks up gone (missing) (sequential)');
  });
});
