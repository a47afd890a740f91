/**
 * Edits of several objects at once (a multi-selection, one undo step each) and the clipboard's
 * scene-in-a-scene: extractObjects → saveSceneText → loadSceneText → pasteScene.
 */
import { describe, expect, it } from 'vitest';
import {
  deleteObjects,
  duplicateObjects,
  EditError,
  extractObjects,
  findObject,
  pasteScene,
  rotateObjects,
  translateObjects,
} from '../../../core/scene/edit';
import { checkReferences, loadSceneText, loadSceneValue, saveSceneText } from '../../../core/scene/io';
import { SCENE_LIMITS } from '../../../core/scene/limits';
import { sceneSchema, type SceneDocument } from '../../../core/scene/schema';
import { deepFreeze, expectLoaded, fullScene } from './fixtures';

const full = (): SceneDocument => deepFreeze(structuredClone(expectLoaded(loadSceneValue(fullScene()))));

function expectValid(doc: SceneDocument) {
  const parsed = sceneSchema.safeParse(doc);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  expect(checkReferences(doc)).toEqual([]);
  expect(expectLoaded(loadSceneText(saveSceneText(doc)))).toEqual(parsed.data);
}

const pos = (doc: SceneDocument, id: string) => findObject(doc, id)!.position;

describe('translateObjects', () => {
  it('moves every listed object by the same delta and leaves the rest (and the input) alone', () => {
    const doc = full();
    const next = translateObjects(doc, ['ramp-1', 'stick-1', 'goal'], [100, -50]);
    expect(pos(next, 'ramp-1')).toEqual([2100, 1850]);
    expect(pos(next, 'stick-1')).toEqual([700, 1950]);
    expect(pos(next, 'goal')).toEqual([1600, 1850]);
    expect(pos(next, 'ground')).toEqual([3000, 2200]);
    expect(pos(doc, 'ramp-1')).toEqual([2000, 1900]);
    expectValid(next);
  });

  it('ignores unknown and repeated ids; a zero delta is the same document', () => {
    const doc = full();
    expect(pos(translateObjects(doc, ['goal', 'goal', 'nope'], [10, 0]), 'goal')).toEqual([1510, 1900]);
    expect(translateObjects(doc, ['goal'], [0, 0])).toBe(doc);
  });
});

describe('rotateObjects', () => {
  it('swings positions about the pivot and turns what can turn; stickmen stay upright', () => {
    const doc = full();
    // A quarter turn clockwise on screen (+Y down) about (1000, 2000): (+500, 0) → (0, +500).
    const next = rotateObjects(doc, ['goal', 'stick-1', 'rock'], [1000, 2000], Math.PI / 2);
    expect(pos(next, 'goal')).toEqual([1100, 2500]);
    expect(findObject(next, 'goal')).toMatchObject({ rotation: 1.8708 });
    expect(pos(next, 'stick-1')).toEqual([1000, 1600]);
    expect(findObject(next, 'stick-1')).not.toHaveProperty('rotation');
    expect(findObject(next, 'rock')).toMatchObject({ position: [1050, 5000], rotation: 1.6708 });
    expectValid(next);
  });

  it('keeps rotations in (−π, π] however far the handle turns', () => {
    const doc = full();
    const once = rotateObjects(doc, ['crate-1'], [900, 1700], 1);
    // 3.14 + 1 wraps to 4.14 − 2π.
    expect(findObject(once, 'crate-1')).toMatchObject({ position: [900, 1700], rotation: Math.round((4.14 - 2 * Math.PI) * 1e4) / 1e4 });
    const back = rotateObjects(once, ['crate-1'], [900, 1700], -1);
    expect((findObject(back, 'crate-1') as { rotation: number }).rotation).toBeCloseTo(3.14, 3);
  });

  it('refuses a non-finite angle; a zero angle is the same document', () => {
    const doc = full();
    expect(() => rotateObjects(doc, ['goal'], [0, 0], Number.NaN)).toThrow(EditError);
    expect(rotateObjects(doc, ['goal'], [0, 0], 0)).toBe(doc);
  });
});

describe('deleteObjects and duplicateObjects', () => {
  it('deletes several objects with everything that named them', () => {
    const next = deleteObjects(full(), ['stick-1', 'goal', 'missing']);
    expect(next.objects.map((o) => o.id)).not.toContain('stick-1');
    expect(next.objects.map((o) => o.id)).not.toContain('goal');
    expect(Object.keys(next.queues)).toEqual(['stick-2']);
    // r1 named the goal (removed); r3's source was stick-1 (removed); r2 stays.
    expect(next.rules.map((r) => r.id)).toEqual(['r2']);
    expectValid(next);
  });

  it('duplicates several objects; the copies come last, in the order asked', () => {
    const doc = full();
    const next = duplicateObjects(doc, ['goal', 'ball-1'], [10, 20]);
    const copies = next.objects.slice(-2);
    expect(copies.map((o) => o.id)).toEqual(['goal-1', 'ball-2']);
    expect(copies.map((o) => o.position)).toEqual([[1510, 1920], [-40.5, -99980]]);
    expectValid(next);
  });

  it('refuses to go past the object limit, changing nothing', () => {
    const doc = full();
    const many = { ...doc, objects: [...doc.objects, ...Array.from({ length: SCENE_LIMITS.maxObjects - doc.objects.length - 1 }, (_, i) => ({ ...doc.objects[8], id: `a-${i}`, file_id: 100 + i }))] } as SceneDocument;
    expect(() => duplicateObjects(many, ['goal', 'stick-1'])).toThrow(/at most/);
  });
});

describe('clipboard: extractObjects and pasteScene', () => {
  it('a selection travels as a valid scene with its queues, its own rules and the assets its props use', () => {
    const clip = extractObjects(full(), ['stick-1', 'goal', 'crate-1']);
    expect(clip.objects.map((o) => o.id)).toEqual(['crate-1', 'stick-1', 'goal']);
    expect(Object.keys(clip.queues)).toEqual(['stick-1']);
    // r1 also has stick-2 as an actor (not copied); r2 names crate-1 and any; r3 names ball-1.
    expect(clip.rules.map((r) => r.id)).toEqual(['r2']);
    expect(clip.prop_assets.map((a) => a.spawn_id)).toEqual(['my:crate']);
    expectValid(clip);
  });

  it('pastes under new ids, offset, with references among the pasted objects renamed', () => {
    const doc = full();
    const text = saveSceneText(extractObjects(doc, ['stick-1', 'goal']));
    const clip = expectLoaded(loadSceneText(text));
    const withRule: SceneDocument = {
      ...clip,
      rules: [{ id: 'r9', enabled: true, when: { type: 'entered_area', source: 'stick-1', target: 'goal' }, then: [{ actor: 'stick-1', mode: 'sequential', action: { type: 'walk_to', target_position: [10, 20] } }] }],
    };
    const { doc: next, ids } = pasteScene(doc, withRule, [40, 40]);
    expect(ids).toEqual(['stick-3', 'goal-1']);
    expect(pos(next, 'stick-3')).toEqual([640, 2040]);
    expect(pos(next, 'goal-1')).toEqual([1540, 1940]);
    expect(findObject(next, 'stick-3')).toMatchObject({ name: 'Ada', facing: 'LEFT' });
    // The queue came along under fresh action ids; its walk target moved with the stickman.
    const queue = next.queues['stick-3'];
    expect(queue.map((i) => i.type)).toEqual(['walk_to', 'wait', 'speak', 'speak', 'face', 'gesture', 'gesture']);
    expect(queue[0]).toMatchObject({ target_position: [1540, 2040] });
    expect(new Set(queue.map((i) => i.id)).size).toBe(7);
    expect(queue.some((i) => doc.queues['stick-1'].some((o) => o.id === i.id))).toBe(false);
    const rule = next.rules[next.rules.length - 1];
    expect(rule).toMatchObject({ id: 'r4', when: { source: 'stick-3', target: 'goal-1' }, then: [{ actor: 'stick-3', action: { target_position: [50, 60] } }] });
    // The originals are untouched.
    expect(pos(next, 'stick-1')).toEqual([600, 2000]);
    expectValid(next);
  });

  it('pasting the same clipboard twice gives two sets of fresh ids', () => {
    const doc = full();
    const clip = extractObjects(doc, ['ball-1', 'ramp-1']);
    const first = pasteScene(doc, clip);
    const second = pasteScene(first.doc, clip, [80, 80]);
    // Document order: the ramp comes before the ball.
    expect(first.ids).toEqual(['ramp-2', 'ball-2']);
    expect(second.ids).toEqual(['ramp-3', 'ball-3']);
    expect(findObject(second.doc, 'ball-3')).toMatchObject({ stage_object_id: 'ball-3', position: [29.5, -99920] });
    expectValid(second.doc);
  });

  it('into another scene: brings the prop assets it needs, keeps the ones already there', () => {
    const source = full();
    const target = expectLoaded(
      loadSceneValue({ format: 'stickman-stage/scene', version: '1.1', stage: { width: 4000, height: 2000 }, objects: [{ kind: 'terrain', id: 'ground', file_id: 1, shape: 'block', position: [2000, 1900], size: [4000, 200] }] }),
    );
    const { doc, ids } = pasteScene(target, extractObjects(source, ['crate-1']), [0, 0]);
    expect(ids).toEqual(['crate-1']);
    expect(doc.prop_assets.map((a) => a.spawn_id)).toEqual(['my:crate']);
    expectValid(doc);
    const again = pasteScene(doc, extractObjects(source, ['crate-1']), [0, 0]);
    expect(again.ids).toEqual(['crate-2']);
    expect(again.doc.prop_assets).toHaveLength(1);
  });

  it('refuses a paste past the object limit, changing nothing', () => {
    const doc = full();
    const clip = { ...doc, objects: Array.from({ length: SCENE_LIMITS.maxObjects }, (_, i) => ({ ...doc.objects[8], id: `z-${i}`, file_id: i + 1 })), queues: {}, rules: [] } as SceneDocument;
    expect(() => pasteScene(doc, clip)).toThrow(EditError);
  });
});
