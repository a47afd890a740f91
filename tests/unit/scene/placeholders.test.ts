/**
 * What loads with a warning instead of a refusal (seed phase 11 §6, DESIGN.md §8): a custom prop
 * whose asset is missing becomes a placeholder keeping its id, and an action naming a prop that
 * resolves to nothing stays in the file. References that give an action its owner stay strict.
 * The editor keeps both working: deleting a prop keeps the actions naming it, renaming one
 * follows it, and importing the missing asset brings the placeholders back whole.
 */
import { describe, expect, it } from 'vitest';
import { checkReferences, loadSceneText, loadSceneValue, saveSceneText } from '../../../core/scene/io';
import { deleteObject, duplicateObject, moveObject, renameObject, updateObject } from '../../../core/scene/edit';
import { importPropAsset } from '../../../core/scene/editAssets';
import { resolveProp } from '../../../core/props/resolve';
import type { PropAsset, SceneDocument } from '../../../core/scene/schema';
import { expectIssue, expectLoaded, minimalScene, type Json } from './fixtures';

const CRATE: PropAsset = {
  spawn_id: 'my:crate', name: 'Crate', shape: { kind: 'box', size: [90, 70] }, mass: 5, gravity_scale: 1, friction: 0.6, restitution: 0.1,
  anchors: [{ id: 'top', role: 'handle', hands: ['right'], position: [0, -35], rotation: 0, z_offset: 0, primary_grip: true }],
};

/** The minimal scene with a custom crate (asset missing), a pickup of it queued and a rule that picks it up. */
function sceneWithPlaceholder(): Json {
  const doc = minimalScene();
  doc.objects.push({ kind: 'prop', id: 'crate-1', file_id: 9, stage_object_id: 'crate-1', spawn_id: 'my:crate', position: [1200, 1360], scale: [1.5, 1] });
  doc.queues['stick-1'].push({ id: 'a3', type: 'pick_up_prop', target_prop_id: 'crate-1', hand: 'right' }, { id: 'a4', type: 'drop_prop' });
  doc.rules.push({
    id: 'r2', when: { type: 'prop_picked_up', source: 'stick-1', target: 'crate-1' },
    then: [{ actor: 'stick-1', mode: 'sequential', action: { type: 'throw_prop', target_position: [2000, 1300] } }],
  });
  return doc;
}

function load(doc: Json) {
  const result = loadSceneValue(doc);
  const scene = expectLoaded(result);
  return { scene, warnings: result.ok ? result.warnings : [] };
}

describe('a custom prop whose asset is missing', () => {
  it('loads as a placeholder with a warning naming its spawn_id path; its id, queue and rules are kept', () => {
    const { scene, warnings } = load(sceneWithPlaceholder());
    expect(warnings).toEqual([{ path: '$.objects[5].spawn_id', message: 'asset "my:crate" is missing: "crate-1" is an inert placeholder until it is imported' }]);
    const crate = scene.objects[5];
    if (crate.kind !== 'prop') throw new Error('fixture changed');
    expect(crate).toMatchObject({ id: 'crate-1', stage_object_id: 'crate-1', spawn_id: 'my:crate' });
    expect(resolveProp(scene, crate)).toMatchObject({ placeholder: true, grips: [], shape: { kind: 'box', size: [120, 80] } });
    expect(scene.queues['stick-1'].map((i) => i.id)).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(scene.rules.map((r) => r.id)).toEqual(['r1', 'r2']);
  });

  it('saves unchanged (it is not an error) and loads back to the same document', () => {
    const { scene } = load(sceneWithPlaceholder());
    const text = saveSceneText(scene);
    const again = loadSceneText(text);
    expect(expectLoaded(again)).toEqual(scene);
    expect(saveSceneText(expectLoaded(again))).toBe(text);
  });

  it('an unknown builtin: prop is still refused (no asset can ever supply it)', () => {
    const doc = sceneWithPlaceholder();
    doc.objects[5].spawn_id = 'builtin:anvil';
    expectIssue(loadSceneValue(doc), '$.objects[5].spawn_id', /^unknown prop "builtin:anvil"/);
  });

  it('a clean scene has no warnings', () => {
    expect(load(minimalScene()).warnings).toEqual([]);
  });
});

describe('a prop named inside an action that resolves to nothing', () => {
  it('a queued pickup of a missing prop loads with a warning at its target_prop_id', () => {
    const doc = minimalScene();
    doc.queues['stick-1'].push({ id: 'a3', type: 'pick_up_prop', target_prop_id: 'gone-1' });
    const { scene, warnings } = load(doc);
    expect(warnings).toEqual([{ path: '$.queues["stick-1"][2].target_prop_id', message: 'refers to missing prop "gone-1": the action will be skipped' }]);
    expect(scene.queues['stick-1'][2]).toEqual({ id: 'a3', type: 'pick_up_prop', target_prop_id: 'gone-1', hand: 'auto' });
  });

  it('a rule action naming something that is not a prop loads with a warning at its path', () => {
    const doc = minimalScene();
    doc.rules[0].then.push({ actor: 'stick-1', mode: 'sequential', action: { type: 'pick_up_prop', target_prop_id: 'goal' } });
    expect(load(doc).warnings).toEqual([{ path: '$.rules[0].then[1].action.target_prop_id', message: '"goal" is an area, not a prop: the action will be skipped' }]);
  });

  it('references that give an action its owner stay strict: queue keys, rule actors, rule endpoints', () => {
    const owner = minimalScene();
    owner.queues['gone-1'] = [{ id: 'a9', type: 'drop_prop' }];
    expectIssue(loadSceneValue(owner), '$.queues["gone-1"]', /is not a stickman/);
    const actor = minimalScene();
    actor.rules[0].then[0] = { actor: 'ball-1', mode: 'sequential', action: { type: 'drop_prop' } };
    expectIssue(loadSceneValue(actor), '$.rules[0].then[0].actor', /is not a stickman/);
    const endpoint = minimalScene();
    endpoint.rules[0].when = { type: 'prop_dropped', source: 'stick-1', target: 'gone-1' };
    expectIssue(loadSceneValue(endpoint), '$.rules[0].when.target', /refers to missing object "gone-1"/);
  });
});

describe('editing keeps prop references', () => {
  const loaded = (): SceneDocument => load(sceneWithPlaceholder()).scene;

  it('deleting a prop keeps the queued and rule actions naming it (they load with a warning)', () => {
    const doc = deleteObject(loaded(), 'crate-1');
    expect(doc.queues['stick-1'].find((i) => i.id === 'a3')).toEqual({ id: 'a3', type: 'pick_up_prop', target_prop_id: 'crate-1', hand: 'right' });
    // r2's trigger named the crate, so r2 goes (it can never fire); an action naming it would stay:
    expect(doc.rules.map((r) => r.id)).toEqual(['r1']);
    const withRule = deleteObject(
      { ...loaded(), rules: [{ ...loaded().rules[0], then: [...loaded().rules[0].then, { actor: 'stick-1', mode: 'sequential', action: { type: 'pick_up_prop', target_prop_id: 'crate-1', hand: 'auto' } }] }] },
      'crate-1',
    );
    expect(withRule.rules[0].then[1].action).toEqual({ type: 'pick_up_prop', target_prop_id: 'crate-1', hand: 'auto' });
    expect(checkReferences(doc)).toEqual([]);
    const reloaded = loadSceneText(saveSceneText(withRule));
    expect(reloaded.ok && reloaded.warnings.map((w) => w.path)).toEqual(['$.queues["stick-1"][2].target_prop_id', '$.rules[0].then[1].action.target_prop_id']);
  });

  it('renaming a prop renames it inside the actions that name it, in queues and rules', () => {
    const doc = renameObject(loaded(), 'crate-1', 'box-big');
    expect(doc.queues['stick-1'][2]).toEqual({ id: 'a3', type: 'pick_up_prop', target_prop_id: 'box-big', hand: 'right' });
    expect(doc.rules[1].when.target).toBe('box-big');
    const rule = renameObject({ ...loaded(), rules: [{ ...loaded().rules[0], then: [{ actor: 'stick-1', mode: 'sequential', action: { type: 'pick_up_prop', target_prop_id: 'crate-1', hand: 'auto' } }] }] }, 'crate-1', 'c2');
    expect(rule.rules[0].then[0].action).toEqual({ type: 'pick_up_prop', target_prop_id: 'c2', hand: 'auto' });
  });

  it('a placeholder can be moved, changed and duplicated like any prop (the copy is a placeholder too)', () => {
    let doc = moveObject(loaded(), 'crate-1', [1300, 1360]);
    doc = updateObject(doc, 'crate-1', { rotation: 0.5 });
    doc = duplicateObject(doc, 'crate-1');
    const copy = doc.objects[doc.objects.length - 1];
    expect(copy).toMatchObject({ kind: 'prop', id: 'crate-2', spawn_id: 'my:crate', position: [1340, 1400] });
    expect(checkReferences(doc)).toEqual([]);
  });
});

describe('importing the missing asset', () => {
  it('brings the placeholders back with their ids, queues and rules intact', () => {
    const before = load(sceneWithPlaceholder()).scene;
    const { doc, restored, replaced } = importPropAsset(before, CRATE);
    expect(restored).toEqual(['crate-1']);
    expect(replaced).toBe(false);
    expect(doc.objects).toEqual(before.objects);
    expect(doc.queues).toEqual(before.queues);
    expect(doc.rules).toEqual(before.rules);
    const crate = doc.objects[5];
    if (crate.kind !== 'prop') throw new Error('fixture changed');
    expect(resolveProp(doc, crate)).toMatchObject({ placeholder: false, name: 'Crate', grips: [{ id: 'top', primary: true, position: [0, -35] }] });
    const reloaded = loadSceneText(saveSceneText(doc));
    expect(reloaded.ok && reloaded.warnings).toEqual([]);
    // The input document is unchanged (undo gives the placeholders back).
    expect(before.prop_assets).toEqual([]);
  });
});
