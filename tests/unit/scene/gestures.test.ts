/**
 * A scene's own gestures (issue 23): the top-level `"gestures": []`, checked with clear JSON paths;
 * ids unique and outside the built-ins' `builtin:` namespace; older files open (and save)
 * unchanged; save → load is lossless; a gesture action naming no gesture loads with a warning.
 */
import { describe, expect, it } from 'vitest';
import { loadSceneText, loadSceneValue, saveSceneText } from '../../../core/scene/io';
import { extractObjects, pasteScene } from '../../../core/scene/edit';
import { actionText } from '../../../core/actions/registry';
import { expectIssue, expectLoaded, fullScene, minimalScene, type Json } from './fixtures';

const hi = (): Json => ({ id: 'hi', name: 'Hi', body: 'arms', loop: true, keys: [{ t: 0, markers: { Right_Hand: [40, -600] } }, { t: 0.4, markers: { Right_Hand: [120, -580] } }] });

function withGestures(gestures: Json[]): Json {
  const doc = minimalScene();
  doc.gestures = gestures;
  return doc;
}

const warningsOf = (doc: Json) => {
  const r = loadSceneValue(doc);
  expectLoaded(r);
  return r.ok ? r.warnings : [];
};

describe('scene gestures: the file format', () => {
  it('a scene without gestures loads without the key and saves exactly as before', () => {
    const scene = expectLoaded(loadSceneValue(minimalScene()));
    expect('gestures' in scene).toBe(false);
    expect(saveSceneText(scene)).not.toContain('"gestures"');
  });

  it('save → load keeps every gesture exactly, key order canonical; a second save is byte-identical', () => {
    const doc = withGestures([hi(), { id: 'bend', name: 'Bend', body: 'whole', loop: false, keys: [{ t: 0, markers: {}, lean: 0 }, { t: 0.6, markers: { Torso: [-20, -240], Left_Leg: [-24, 0] }, lean: 0.8 }] }]);
    const first = expectLoaded(loadSceneValue(doc));
    expect(first.gestures).toEqual(doc.gestures);
    const saved = saveSceneText(first);
    const again = expectLoaded(loadSceneText(saved));
    expect(again.gestures).toEqual(doc.gestures);
    expect(saveSceneText(again)).toBe(saved);
    // A key without a lean stays without one.
    expect(JSON.parse(saved).gestures[0].keys[0]).toEqual({ t: 0, markers: { Right_Hand: [40, -600] } });
  });

  it('loop defaults to false', () => {
    const { loop: _loop, ...g } = hi();
    expect(expectLoaded(loadSceneValue(withGestures([g]))).gestures![0].loop).toBe(false);
  });

  it('refuses a bad gesture naming the JSON path and the reason', () => {
    expectIssue(loadSceneValue(withGestures([{ ...hi(), body: 'legs' }])), '$.gestures[0].body', /"arms" or "whole"/);
    expectIssue(loadSceneValue(withGestures([{ ...hi(), keys: [] }])), '$.gestures[0].keys', /at least one key/);
    expectIssue(loadSceneValue(withGestures([{ ...hi(), name: '' }])), '$.gestures[0].name', /must not be empty/);
    const late = hi();
    late.keys[1].t = 0;
    expectIssue(loadSceneValue(withGestures([late])), '$.gestures[0].keys[1].t', /time order/);
    const head = hi();
    head.keys[0].markers.Head = [0, -500];
    expectIssue(loadSceneValue(withGestures([head])), '$.gestures[0].keys[0].markers', /Unrecognized key: "Head"/);
    const far = hi();
    far.keys[0].markers.Right_Hand = [0, -5000];
    expectIssue(loadSceneValue(withGestures([far])), '$.gestures[0].keys[0].markers.Right_Hand[1]', /within ±2000 px of the root/);
    const leaning = hi();
    leaning.keys[0].lean = 3;
    expectIssue(loadSceneValue(withGestures([leaning])), '$.gestures[0].keys[0].lean', /radians/);
    expectIssue(loadSceneValue(withGestures([{ ...hi(), speed: 2 }])), '$.gestures[0]', /Unrecognized key: "speed"/);
    expectIssue(loadSceneValue({ ...minimalScene(), gestures: {} }), '$.gestures', /array/);
  });

  it('ids are unique, and builtin: is reserved', () => {
    expectIssue(loadSceneValue(withGestures([hi(), hi()])), '$.gestures[1].id', /duplicate gesture id "hi"/);
    expectIssue(loadSceneValue(withGestures([{ ...hi(), id: 'builtin:wave' }])), '$.gestures[0].id', /builtin: prefix is reserved/);
  });
});

describe('the gesture action', () => {
  it('plays a built-in or a scene gesture; one naming nothing loads with a warning (it will be skipped)', () => {
    const doc = withGestures([hi()]);
    doc.queues['stick-1'].push({ id: 'g1', type: 'gesture', gesture_id: 'builtin:wave', seconds: 2 }, { id: 'g2', type: 'gesture', gesture_id: 'hi' }, { id: 'g3', type: 'gesture', gesture_id: 'moonwalk' });
    doc.rules.push({ id: 'r2', when: { type: 'arrived', source: 'stick-1', target: 'any' }, then: [{ actor: 'stick-1', mode: 'overlay', action: { type: 'gesture', gesture_id: 'nope' } }] });
    expect(warningsOf(doc)).toEqual([
      { path: '$.queues["stick-1"][4].gesture_id', message: 'refers to missing gesture "moonwalk": the action will be skipped' },
      { path: '$.rules[1].then[0].action.gesture_id', message: 'refers to missing gesture "nope": the action will be skipped' },
    ]);
  });

  it('a whole-body gesture as an overlay reaction loads with a warning; an arms one does not', () => {
    const doc = minimalScene();
    doc.rules[0].then.push({ actor: 'stick-1', mode: 'overlay', action: { type: 'gesture', gesture_id: 'builtin:bow' } });
    doc.rules[0].then.push({ actor: 'stick-1', mode: 'overlay', action: { type: 'gesture', gesture_id: 'builtin:wave', seconds: 3 } });
    expect(warningsOf(doc)).toEqual([
      { path: '$.rules[0].then[1].mode', message: 'gesture "builtin:bow" moves the whole body and cannot run as an overlay: the action will be skipped' },
    ]);
  });

  it('reads by the gesture name', () => {
    expect(actionText({ type: 'gesture', gesture_id: 'builtin:wave', seconds: 2 })).toBe('Gesture “Wave” 2 s');
    expect(actionText({ type: 'gesture', gesture_id: 'hi' }, (id) => (id === 'hi' ? 'Hi there' : id))).toBe('Gesture “Hi there”');
  });

  it('the clipboard carries the scene gestures its actions play; pasting adds those the scene lacks', () => {
    const source = expectLoaded(loadSceneValue(fullScene()));
    const clip = expectLoaded(loadSceneText(saveSceneText(extractObjects(source, ['stick-1']))));
    expect(clip.gestures?.map((g) => g.id)).toEqual(['hi']);
    const target = expectLoaded(loadSceneValue(minimalScene()));
    const { doc } = pasteScene(target, clip);
    expect(doc.gestures?.map((g) => g.id)).toEqual(['hi']);
    const r = loadSceneText(saveSceneText(doc));
    expect(r.ok && r.warnings).toEqual([]);
    // Nothing to carry: no key.
    expect('gestures' in extractObjects(source, ['ground'])).toBe(false);
  });
});
