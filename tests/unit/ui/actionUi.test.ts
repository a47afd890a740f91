import { describe, expect, it } from 'vitest';
import { ACTION_DEFINITIONS } from '../../../core/actions/kinds';
import { actionSpec } from '../../../core/actions/registry';
import { ACTION_UI, captureFor, fieldEditorFor, itemFlag, pickableKinds } from '../../../ui/actions/actionUi';

const request = { prompt: 'p', throwContext: { rigId: 'stick-1' }, pick: () => {} };
const fieldOf = (type: string, name: string) => actionSpec(type)!.fields.find((f) => f.name === name)!;

describe('the UI part of action kinds', () => {
  it('has an entry for every core definition and no other', () => {
    expect(Object.keys(ACTION_UI).sort()).toEqual(ACTION_DEFINITIONS.map((d) => d.type).sort());
  });

  it('captures what each kind asks the stage for: a walk target on the ground, a throw target with its preview, a prop', () => {
    const walk = captureFor(actionSpec('walk_to')!, fieldOf('walk_to', 'target_position'), request);
    expect(walk).toMatchObject({ kind: 'point', surface: true, throw: undefined });
    const toss = captureFor(actionSpec('throw_prop')!, fieldOf('throw_prop', 'target_position'), request);
    expect(toss).toMatchObject({ kind: 'point', surface: false, throw: { rigId: 'stick-1' } });
    const pickup = captureFor(actionSpec('pick_up_prop')!, fieldOf('pick_up_prop', 'target_prop_id'), request);
    expect(pickup).toMatchObject({ kind: 'object', kinds: ['prop'] });
    // A typed or chosen field is not captured on the stage.
    expect(captureFor(actionSpec('pick_up_prop')!, fieldOf('pick_up_prop', 'hand'), request)).toBeNull();
    expect(captureFor(actionSpec('speak')!, fieldOf('speak', 'text'), request)).toBeNull();
    expect(pickableKinds(fieldOf('speak', 'text'))).toEqual([]);
  });

  it('a gesture names its own picker for its gesture field; other fields and kinds get the generic inputs', () => {
    expect(fieldEditorFor(actionSpec('gesture')!, fieldOf('gesture', 'gesture_id'))).toBe('gesture');
    expect(fieldEditorFor(actionSpec('gesture')!, fieldOf('gesture', 'seconds'))).toBeUndefined();
    for (const d of ACTION_DEFINITIONS.filter((k) => k.type !== 'gesture')) {
      for (const f of d.fields) expect(fieldEditorFor(d, f), `${d.type}.${f.name}`).toBeUndefined();
    }
  });

  it('flags queued walks on the stage and nothing else', () => {
    expect(itemFlag({ id: 'a1', type: 'walk_to', target_position: [10, 20] })).toEqual([10, 20]);
    expect(itemFlag({ id: 'a2', type: 'wait', seconds: 1 })).toBeNull();
    expect(itemFlag({ id: 'a3', type: 'throw_prop', target_position: [10, 20] })).toBeNull();
  });

  it('only the throw previews while being edited', () => {
    expect(Object.entries(ACTION_UI).filter(([, ui]) => 'preview' in ui).map(([t]) => t)).toEqual(['throw_prop']);
  });
});
