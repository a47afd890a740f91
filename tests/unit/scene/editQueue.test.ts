/**
 * Queue and rule editing operations the editor's queue panel and rules panel use:
 * updateAction, moveAction, moveRule, setRuleEnabled. Same contract as the other edits: a new
 * document, the input untouched, a valid result or an EditError naming the path.
 */
import { describe, expect, it } from 'vitest';
import { addRule, appendAction, EditError, moveAction, moveRule, setRuleEnabled, updateAction } from '../../../core/scene/edit';
import { checkReferences, loadSceneText, loadSceneValue, saveSceneText } from '../../../core/scene/io';
import { sceneSchema, type SceneDocument } from '../../../core/scene/schema';
import { deepFreeze, expectLoaded, minimalScene } from './fixtures';

function expectValid(doc: SceneDocument) {
  const parsed = sceneSchema.safeParse(doc);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  expect(checkReferences(doc)).toEqual([]);
  expect(expectLoaded(loadSceneText(saveSceneText(doc)))).toEqual(parsed.data);
}

/** minimalScene: stick-1 queue [a1 walk_to, a2 wait 1], rule r1; plus a speak a3 and rules r2, r3. */
function scene(): SceneDocument {
  let doc = expectLoaded(loadSceneValue(minimalScene()));
  doc = appendAction(doc, 'stick-1', { type: 'speak', text: 'Hi', seconds: 2 });
  doc = addRule(doc, { when: { type: 'queue_finished', source: 'stick-1', target: 'any' }, then: [{ actor: 'stick-1', mode: 'overlay', action: { type: 'speak', text: 'Done!' } }] });
  doc = addRule(doc, { when: { type: 'arrived', source: 'any', target: 'any' }, then: [{ actor: 'stick-1', mode: 'sequential', action: { type: 'wait', seconds: 1 } }] });
  return deepFreeze(structuredClone(doc));
}

const ids = (doc: SceneDocument, owner = 'stick-1') => (doc.queues[owner] ?? []).map((i) => i.id);
const ruleIds = (doc: SceneDocument) => doc.rules.map((r) => r.id);

function expectEditError(fn: () => unknown, path: string | RegExp) {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(EditError);
    const paths = (e as EditError).issues.map((i) => i.path);
    if (typeof path === 'string') expect(paths).toContain(path);
    else expect((e as EditError).message).toMatch(path);
    return;
  }
  throw new Error('expected an EditError');
}

describe('updateAction', () => {
  it('replaces the payload in place and keeps the id and the order', () => {
    const doc = scene();
    expect(ids(doc)).toEqual(['a1', 'a2', 'a3']);
    const next = updateAction(doc, 'stick-1', 'a2', { type: 'wait', seconds: 2.5 });
    expect(ids(next)).toEqual(['a1', 'a2', 'a3']);
    expect(next.queues['stick-1'][1]).toEqual({ id: 'a2', type: 'wait', seconds: 2.5 });
    expect(doc.queues['stick-1'][1]).toEqual({ id: 'a2', type: 'wait', seconds: 1 });
    expectValid(next);
  });

  it('may change the action type', () => {
    const next = updateAction(scene(), 'stick-1', 'a1', { type: 'face', direction: 'LEFT' });
    expect(next.queues['stick-1'][0]).toEqual({ id: 'a1', type: 'face', direction: 'LEFT' });
    expectValid(next);
  });

  it('rejects an invalid payload with the queue path and changes nothing', () => {
    const doc = scene();
    expectEditError(() => updateAction(doc, 'stick-1', 'a2', { type: 'wait', seconds: -1 }), '$.queues["stick-1"][1].seconds');
    expectEditError(() => updateAction(doc, 'stick-1', 'a1', { type: 'walk_to', target_position: [Number.NaN, 3] }), /finite/);
    expectEditError(() => updateAction(doc, 'stick-1', 'a1', { type: 'teleport' } as never), /unsupported/);
    expectEditError(() => updateAction(doc, 'stick-1', 'a1', { type: 'pick_up_prop', target_prop_id: 'ball-1', hand: 'both' } as never), '$.queues["stick-1"][0].hand');
    expect(ids(doc)).toEqual(['a1', 'a2', 'a3']);
  });

  it('rejects an unknown action or queue', () => {
    expectEditError(() => updateAction(scene(), 'stick-1', 'nope', { type: 'wait', seconds: 1 }), /no action "nope"/);
    expectEditError(() => updateAction(scene(), 'ghost', 'a1', { type: 'wait', seconds: 1 }), /no action "a1"/);
  });
});

describe('the camera’s queue (issue 23)', () => {
  it('takes the camera’s kinds under fresh ids; they edit and reorder like a stickman’s; the result loads back', () => {
    let doc = appendAction(scene(), 'camera', { type: 'camera_frame', rect: [0, 0, 1600, 900], ease_seconds: 1 });
    doc = appendAction(doc, 'camera', { type: 'camera_follow', target_id: 'stick-1', width: 2000, ease_seconds: 0 });
    doc = appendAction(doc, 'camera', { type: 'wait', seconds: 1 });
    expect(doc.queues.camera.map((i) => i.type)).toEqual(['camera_frame', 'camera_follow', 'wait']);
    const [frame, follow] = ids(doc, 'camera');
    doc = updateAction(doc, 'camera', frame, { type: 'camera_frame', rect: [100, 100, 900, 600], ease_seconds: 0 });
    doc = moveAction(doc, 'camera', follow, 0);
    expect(ids(doc, 'camera')).toEqual([follow, frame, ids(doc, 'camera')[2]]);
    expect(doc.queues.camera[1]).toMatchObject({ rect: [100, 100, 900, 600], ease_seconds: 0 });
    expectValid(doc);
  });

  it('refuses what the owner does not run: the camera does not walk, a stickman does not frame shots', () => {
    expectEditError(() => appendAction(scene(), 'camera', { type: 'walk_to', target_position: [100, 100] }), '$.queues.camera[0].type');
    expectEditError(() => appendAction(scene(), 'stick-1', { type: 'camera_frame', rect: [0, 0, 1600, 900], ease_seconds: 1 }), /camera action/);
    const doc = appendAction(scene(), 'camera', { type: 'wait', seconds: 1 });
    expectEditError(() => updateAction(doc, 'camera', ids(doc, 'camera')[0], { type: 'speak', text: 'Hi', seconds: 1 }), /the camera does not run "speak"/);
  });
});

describe('moveAction', () => {
  it('moves an item down, up, to the ends', () => {
    const doc = scene();
    expect(ids(moveAction(doc, 'stick-1', 'a1', 1))).toEqual(['a2', 'a1', 'a3']);
    expect(ids(moveAction(doc, 'stick-1', 'a1', 2))).toEqual(['a2', 'a3', 'a1']);
    expect(ids(moveAction(doc, 'stick-1', 'a3', 0))).toEqual(['a3', 'a1', 'a2']);
    expect(ids(moveAction(doc, 'stick-1', 'a3', 1))).toEqual(['a1', 'a3', 'a2']);
    expectValid(moveAction(doc, 'stick-1', 'a3', 0));
  });

  it('clamps the index and returns the same document for a no-op move', () => {
    const doc = scene();
    expect(ids(moveAction(doc, 'stick-1', 'a1', 99))).toEqual(['a2', 'a3', 'a1']);
    expect(ids(moveAction(doc, 'stick-1', 'a3', -5))).toEqual(['a3', 'a1', 'a2']);
    expect(moveAction(doc, 'stick-1', 'a2', 1)).toBe(doc);
    expect(moveAction(doc, 'stick-1', 'a3', 7)).toBe(doc);
  });

  it('keeps the item itself and the other queues untouched', () => {
    const doc = scene();
    const next = moveAction(doc, 'stick-1', 'a3', 0);
    expect(next.queues['stick-1'][0]).toBe(doc.queues['stick-1'][2]);
    expect(next.rules).toBe(doc.rules);
    expect(next.objects).toBe(doc.objects);
  });

  it('rejects unknown ids and a non-finite index', () => {
    expectEditError(() => moveAction(scene(), 'stick-1', 'zz', 0), /no action "zz"/);
    expectEditError(() => moveAction(scene(), 'stick-1', 'a1', Number.NaN), /finite/);
  });
});

describe('moveRule', () => {
  it('reorders rules (document order is evaluation order)', () => {
    const doc = scene();
    expect(ruleIds(doc)).toEqual(['r1', 'r2', 'r3']);
    expect(ruleIds(moveRule(doc, 'r3', 0))).toEqual(['r3', 'r1', 'r2']);
    expect(ruleIds(moveRule(doc, 'r1', 1))).toEqual(['r2', 'r1', 'r3']);
    expect(ruleIds(moveRule(doc, 'r1', 10))).toEqual(['r2', 'r3', 'r1']);
    expect(moveRule(doc, 'r2', 1)).toBe(doc);
    expectValid(moveRule(doc, 'r3', 0));
  });

  it('rejects an unknown rule', () => {
    expectEditError(() => moveRule(scene(), 'r9', 0), '$.rules');
  });
});

describe('setRuleEnabled', () => {
  it('disables and re-enables a rule, leaving the others alone', () => {
    const doc = scene();
    const off = setRuleEnabled(doc, 'r2', false);
    expect(off.rules.map((r) => r.enabled)).toEqual([true, false, true]);
    expect(off.rules[0]).toBe(doc.rules[0]);
    expectValid(off);
    const on = setRuleEnabled(off, 'r2', true);
    expect(on.rules.map((r) => r.enabled)).toEqual([true, true, true]);
    expect(setRuleEnabled(doc, 'r1', true)).toBe(doc);
  });

  it('rejects an unknown rule and a non-boolean', () => {
    expectEditError(() => setRuleEnabled(scene(), 'r9', false), '$.rules');
    expectEditError(() => setRuleEnabled(scene(), 'r1', 'no' as unknown as boolean), '$.rules[0].enabled');
  });
});
