/** Areas may carry `rotation`, like terrain (DESIGN §8): loaded, validated, saved and edited. */
import { describe, expect, it } from 'vitest';
import { loadSceneText, loadSceneValue, saveSceneText } from '../../../core/scene/io';
import { updateObject, EditError } from '../../../core/scene/edit';
import { expectIssue, expectLoaded, minimalScene, type Json } from './fixtures';

const withGoal = (patch: Json): Json => {
  const doc = minimalScene();
  Object.assign(doc.objects.find((o: Json) => o.id === 'goal'), patch);
  return doc;
};

describe('area rotation in the file format', () => {
  it('accepts a rotation on an area and keeps it through save and load', () => {
    const scene = expectLoaded(loadSceneValue(withGoal({ rotation: 0.75 })));
    expect(scene.objects.find((o) => o.id === 'goal')).toMatchObject({ kind: 'area', rotation: 0.75 });
    const saved = saveSceneText(scene);
    expect(JSON.parse(saved).objects.find((o: Json) => o.id === 'goal').rotation).toBe(0.75);
    expect(expectLoaded(loadSceneText(saved))).toEqual(scene);
  });

  it('leaves rotation out when the file gives none (nothing is added on save)', () => {
    const scene = expectLoaded(loadSceneValue(minimalScene()));
    expect(scene.objects.find((o) => o.id === 'goal')).not.toHaveProperty('rotation');
    expect(JSON.parse(saveSceneText(scene)).objects.find((o: Json) => o.id === 'goal')).not.toHaveProperty('rotation');
  });

  it.each([
    ['a string', '0.5', /number/],
    ['out of range', 5000, /within ±1000 radians/],
  ])('refuses a rotation that is %s, naming the path', (_name, rotation, reason) => {
    expectIssue(loadSceneText(JSON.stringify(withGoal({ rotation }))), '$.objects[2].rotation', reason);
  });

  it('a non-finite rotation never loads', () => {
    const text = JSON.stringify(withGoal({ rotation: 0 })).replace('"rotation":0', '"rotation":1e999');
    expectIssue(loadSceneText(text), '$.objects[2].rotation', /finite/);
  });

  it('updateObject sets and removes an area rotation, and refuses a non-finite one', () => {
    const scene = expectLoaded(loadSceneValue(minimalScene()));
    const rotated = updateObject(scene, 'goal', { rotation: 1.2 });
    expect(rotated.objects.find((o) => o.id === 'goal')).toMatchObject({ rotation: 1.2 });
    expect(updateObject(rotated, 'goal', { rotation: undefined }).objects.find((o) => o.id === 'goal')).not.toHaveProperty('rotation');
    expect(() => updateObject(scene, 'goal', { rotation: Number.NaN })).toThrow(EditError);
  });
});
