import { describe, expect, it } from 'vitest';
import { checkReferences, loadSceneText, loadSceneValue, saveSceneText } from '../../../core/scene/io';
import { sceneSchema } from '../../../core/scene/schema';
import { expectIssue, expectLoaded, expectRejected, v10Scene } from './fixtures';

describe('version 1.0 → 1.1 migration', () => {
  const load = () => loadSceneText(JSON.stringify(v10Scene()));

  it('loads a 1.0 file as a 1.1 document and says it migrated', () => {
    const result = load();
    const scene = expectLoaded(result);
    expect(result.ok && result.migratedFrom).toBe('1.0');
    expect(scene.version).toBe('1.1');
    expect(sceneSchema.safeParse(scene).success).toBe(true);
    expect(checkReferences(scene)).toEqual([]);
  });

  it('gives every object id = String(file_id), and props the same stage_object_id', () => {
    const scene = expectLoaded(load());
    expect(scene.objects.map((o) => [o.id, o.file_id])).toEqual([['1', 1], ['4', 4], ['5', 5], ['6', 6], ['12', 12]]);
    const prop = scene.objects.find((o) => o.kind === 'prop');
    expect(prop).toMatchObject({ id: '4', stage_object_id: '4', spawn_id: 'builtin:ball' });
  });

  it('turns file_id references in queue keys and rule source/target/actor into ids, keeping "any"', () => {
    const scene = expectLoaded(load());
    expect(Object.keys(scene.queues)).toEqual(['5', '12']);
    expect(scene.queues['5'].map((i) => i.id)).toEqual(['a1', 'a2']);
    expect(scene.queues['12']).toEqual([{ id: 'a3', type: 'wait', seconds: 1 }]);
    expect(scene.rules[0].when).toEqual({ type: 'entered_area', source: '5', target: '6' });
    expect(scene.rules[0].then[0].actor).toBe('5');
    expect(scene.rules[1].when).toEqual({ type: 'collided', source: 'any', target: '4' });
    expect(scene.rules[1].then[0].actor).toBe('12');
  });

  it('saving writes version "1.1", and the saved file loads without migrating to the same document', () => {
    const scene = expectLoaded(load());
    const text = saveSceneText(scene);
    expect(JSON.parse(text).version).toBe('1.1');
    expect(text).toContain('"version": "1.1"');
    expect(text).not.toContain('"1.0"');
    const again = loadSceneText(text);
    expect(again.ok && again.migratedFrom).toBeUndefined();
    expect(expectLoaded(again)).toEqual(scene);
    expect(saveSceneText(expectLoaded(again))).toBe(text);
  });

  it('fills in missing queue item and rule ids of a 1.0 file without clashing with the ones present', () => {
    const doc = v10Scene();
    delete doc.queues[5][0].id;
    doc.queues[12][0].id = 'a1'; // a1 and a2 are taken, so the filled-in id must skip them
    delete doc.rules[0].id; // r1 is taken by the second rule
    doc.rules[1].id = 'r1';
    const scene = expectLoaded(loadSceneValue(doc));
    expect(scene.queues['5'].map((i) => i.id)).toEqual(['a3', 'a2']);
    expect(scene.rules.map((r) => r.id)).toEqual(['r2', 'r1']);
    expect(checkReferences(scene)).toEqual([]);
  });

  it('does not modify the value it was given', () => {
    const doc = v10Scene();
    const before = structuredClone(doc);
    expectLoaded(loadSceneValue(doc));
    expect(doc).toEqual(before);
  });

  it('rejects a 1.0 object that already carries an id', () => {
    const doc = v10Scene();
    doc.objects[2].id = 'stick-1';
    expectIssue(loadSceneValue(doc), '$.objects[2].id', /^version 1\.0 objects must not carry an id/);
  });

  it('rejects a 1.0 rule naming a file_id that does not exist, with the migrated path and id', () => {
    const doc = v10Scene();
    doc.rules[0].when.source = 99;
    expectIssue(loadSceneValue(doc), '$.rules[0].when.source', /^refers to missing object "99"$/);
  });

  it('rejects a 1.0 rule whose actor file_id is not a stickman', () => {
    const doc = v10Scene();
    doc.rules[0].then[0].actor = 6; // the area
    expectIssue(loadSceneValue(doc), '$.rules[0].then[0].actor', /^actor "6" is not a stickman/);
  });

  it('rejects a 1.0 queue keyed by a file_id that is not a stickman', () => {
    const doc = v10Scene();
    doc.queues[4] = [];
    expectIssue(loadSceneValue(doc), '$.queues["4"]', /^queue owner "4" is not a stickman/);
  });

  it('rejects a 1.0 object without a usable file_id (the path names the file_id)', () => {
    const doc = v10Scene();
    doc.objects[3].file_id = 'six';
    expect(expectRejected(loadSceneValue(doc))).toEqual([
      { path: '$.objects[3].file_id', message: 'version 1.0 objects need an integer file_id (their id is derived from it)' },
    ]);
    delete doc.objects[3].file_id;
    expectIssue(loadSceneValue(doc), '$.objects[3].file_id', /need an integer file_id/);
  });

  it('rejects a 1.0 file with duplicate file_ids (they would become duplicate ids)', () => {
    const doc = v10Scene();
    doc.objects[3].file_id = 5;
    const result = loadSceneValue(doc);
    expectIssue(result, '$.objects[3].id', /^duplicate id "5"$/);
    expectIssue(result, '$.objects[3].file_id', /^duplicate file_id 5$/);
  });

  it('a 1.0 file is checked like any other after migration (non-finite number)', () => {
    const text = JSON.stringify(v10Scene()).replace('"position":[600,1400]', '"position":[600,1e999]');
    expectIssue(loadSceneText(text), '$.objects[2].position[1]', /^must be a finite number$/);
  });
});
