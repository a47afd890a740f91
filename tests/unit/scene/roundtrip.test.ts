import { describe, expect, it } from 'vitest';
import { SceneSaveError } from '../../../core/scene/errors';
import { loadSceneText, loadSceneValue, saveSceneText } from '../../../core/scene/io';
import type { SceneDocument } from '../../../core/scene/schema';
import { demoText, expectLoaded, fullScene, minimalScene, v10Scene, type Json } from './fixtures';

const fixtures: [string, () => string][] = [
  ['demo scene', demoText],
  ['scene with every optional field', () => JSON.stringify(fullScene())],
  ['minimal scene', () => JSON.stringify(minimalScene())],
  ['migrated 1.0 scene', () => JSON.stringify(v10Scene())],
];

describe.each(fixtures)('round trip: %s', (_name, text) => {
  it('load → save → load gives a deep-equal document', () => {
    const first = expectLoaded(loadSceneText(text()));
    const second = expectLoaded(loadSceneText(saveSceneText(first)));
    expect(second).toEqual(first);
    // toEqual ignores undefined-valued keys; the JSON must match exactly too.
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it('save(load(save(x))) is byte-identical to save(x)', () => {
    const x = expectLoaded(loadSceneText(text()));
    const saved = saveSceneText(x);
    expect(saveSceneText(expectLoaded(loadSceneText(saved)))).toBe(saved);
  });

  it('saves version 1.1 JSON ending in one newline', () => {
    const saved = saveSceneText(expectLoaded(loadSceneText(text())));
    expect(JSON.parse(saved)).toMatchObject({ format: 'stickman-stage/scene', version: '1.1' });
    expect(saved.endsWith('}\n')).toBe(true);
    expect(saved.endsWith('\n\n')).toBe(false);
  });
});

describe('the scene with every optional field', () => {
  it('loads to exactly the value written (nothing dropped, nothing added)', () => {
    const scene = expectLoaded(loadSceneValue(fullScene()));
    expect(scene).toEqual(fullScene());
    expect(JSON.parse(saveSceneText(scene))).toEqual(fullScene());
  });

  it('keeps special characters in strings through save and load', () => {
    const scene = expectLoaded(loadSceneText(saveSceneText(expectLoaded(loadSceneValue(fullScene())))));
    expect(scene.name).toBe('Everything — ünïcödé "quoted" \\ name');
    const item = scene.queues['stick-1'][2];
    expect(item.type === 'speak' && item.text).toBe('Hello, "world"\n');
  });
});

describe('saveSceneText', () => {
  it('writes one canonical layout: a hand-built document with keys in any order and defaults left out saves like the loaded one', () => {
    const handBuilt: Json = minimalScene();
    // shuffle key order everywhere it matters
    handBuilt.objects = handBuilt.objects.map((o: Json) => Object.fromEntries(Object.entries(o).reverse()));
    const shuffled = Object.fromEntries(Object.entries(handBuilt).reverse());
    const loaded = expectLoaded(loadSceneValue(minimalScene()));
    expect(saveSceneText(shuffled as SceneDocument)).toBe(saveSceneText(loaded));
  });

  it('keeps plain-value arrays on one line and nests objects with two-space indentation', () => {
    const saved = saveSceneText(expectLoaded(loadSceneValue(fullScene())));
    expect(saved).toContain('\n  "stage": {\n    "width": 6000,');
    expect(saved).toContain('"gravity": [0, 980.25]');
    expect(saved).toContain('"points": [\n');
    expect(saved).toContain('[-100, 50],');
    expect(saved).toContain('"hands": ["right"]');
    expect(saved).toContain('"anchors": []');
    expect(saved).toContain('"stick-2": []');
  });

  it('refuses a document that would not load back, naming the path', () => {
    const bad = expectLoaded(loadSceneValue(minimalScene())) as Json;
    bad.objects[1].position = [NaN, 0];
    expect(() => saveSceneText(bad)).toThrow(SceneSaveError);
    try {
      saveSceneText(bad);
    } catch (e) {
      expect((e as SceneSaveError).issues).toContainEqual({ path: '$.objects[1].position[0]', message: 'must be a finite number' });
    }
  });

  it('refuses a document with a dangling reference', () => {
    const bad = expectLoaded(loadSceneValue(minimalScene())) as Json;
    bad.rules[0].when.target = 'gone';
    expect(() => saveSceneText(bad)).toThrow(/\$\.rules\[0\]\.when\.target: refers to missing object "gone"/);
  });

  it('does not modify the document it saves', () => {
    const scene = expectLoaded(loadSceneValue(minimalScene()));
    const before = structuredClone(scene);
    saveSceneText(scene);
    expect(scene).toEqual(before);
  });
});
