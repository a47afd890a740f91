/**
 * Grip edits on embedded prop assets (core/scene/editAssets): what the grip editor does, each one
 * a new document (one undo step) that resolves to the grips the runtime will use.
 */
import { describe, expect, it } from 'vitest';
import { addAnchor, editableAnchors, importPropAsset, removeAnchor, setPrimaryGrip, updateAnchor } from '../../../core/scene/editAssets';
import { createObject, EditError, newScene } from '../../../core/scene/edit';
import { loadSceneText, saveSceneText } from '../../../core/scene/io';
import { resolveProp } from '../../../core/props/resolve';
import { propAssetSchema, type PropAsset, type SceneDocument } from '../../../core/scene/schema';
import { deepFreeze } from './fixtures';

const asset = (anchors: unknown[] = []): PropAsset =>
  propAssetSchema.parse({ spawn_id: 'my:crate', name: 'Crate', shape: { kind: 'box', size: [90, 70] }, mass: 5, anchors });

function sceneWith(a: PropAsset): SceneDocument {
  const withAsset = importPropAsset(newScene(), a).doc;
  return deepFreeze(createObject(withAsset, 'prop', { spawn_id: 'my:crate', scale: [2, 1] }, [500, 1300]));
}

const gripsOf = (doc: SceneDocument) => {
  const p = doc.objects.find((o) => o.kind === 'prop');
  if (!p || p.kind !== 'prop') throw new Error('no prop');
  return resolveProp(doc, p).grips;
};

function expectEditError(fn: () => unknown, path: string, reason: RegExp) {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(EditError);
  expect((caught as EditError).issues).toContainEqual({ path, message: expect.stringMatching(reason) });
}

describe('grip edits', () => {
  const twoGrips = () => sceneWith(asset([{ id: 'top', position: [0, -35], primary_grip: true }, { id: 'side', position: [45, 0], hands: ['left'] }]));

  it('moves and turns a grip; the placed prop resolves to it, scaled', () => {
    const doc = updateAnchor(twoGrips(), 'my:crate', 'side', { position: [40, 10], rotation: 1.25 });
    expect(doc.prop_assets[0].anchors[1]).toMatchObject({ id: 'side', position: [40, 10], rotation: 1.25, hands: ['left'] });
    expect(gripsOf(doc)[1].position).toEqual([80, 10]);
  });

  it('sets the allowed hands and refuses none', () => {
    const doc = updateAnchor(twoGrips(), 'my:crate', 'side', { hands: ['left', 'right'] });
    expect(gripsOf(doc)[1].hands).toEqual(['left', 'right']);
    expectEditError(() => updateAnchor(twoGrips(), 'my:crate', 'side', { hands: [] }), '$.prop_assets[0].anchors[1].hands', /at least one allowed hand/);
  });

  it('marks one primary grip, clearing the others; null leaves none', () => {
    const doc = setPrimaryGrip(twoGrips(), 'my:crate', 'side');
    expect(doc.prop_assets[0].anchors.map((a) => a.primary_grip)).toEqual([false, true]);
    expect(gripsOf(doc).map((g) => g.primary)).toEqual([false, true]);
    expect(setPrimaryGrip(doc, 'my:crate', null).prop_assets[0].anchors.map((a) => a.primary_grip)).toEqual([false, false]);
  });

  it('a patch cannot rename a grip or sneak a second primary in', () => {
    const doc = updateAnchor(twoGrips(), 'my:crate', 'side', { id: 'x', primary_grip: true } as never);
    expect(doc.prop_assets[0].anchors.map((a) => [a.id, a.primary_grip])).toEqual([['top', true], ['side', false]]);
  });

  it('refuses a non-finite position with the anchor path, and unknown grips or assets', () => {
    expectEditError(() => updateAnchor(twoGrips(), 'my:crate', 'top', { position: [Number.NaN, 0] }), '$.prop_assets[0].anchors[0].position[0]', /./);
    expectEditError(() => updateAnchor(twoGrips(), 'my:crate', 'nope', { rotation: 1 }), '$.prop_assets[0].anchors', /no grip with id "nope"/);
    expectEditError(() => setPrimaryGrip(twoGrips(), 'my:barrel', 'top'), '$.prop_assets', /no asset with spawn_id "my:barrel"/);
  });

  it('adds grips with fresh ids and removes them', () => {
    let doc = addAnchor(twoGrips(), 'my:crate', [-45, 0]);
    expect(doc.prop_assets[0].anchors.map((a) => a.id)).toEqual(['top', 'side', 'grip-3']);
    doc = addAnchor(removeAnchor(doc, 'my:crate', 'side'), 'my:crate', [0, 30]);
    expect(doc.prop_assets[0].anchors.map((a) => a.id)).toEqual(['top', 'grip-3', 'grip-4']);
  });

  it('removing the last grip leaves the generated centre grip in charge again', () => {
    const doc = removeAnchor(removeAnchor(twoGrips(), 'my:crate', 'top'), 'my:crate', 'side');
    expect(doc.prop_assets[0].anchors).toEqual([]);
    expect(gripsOf(doc).map((g) => g.id)).toEqual(['center']);
  });

  it("editing an anchorless asset's centre grip makes it an authored anchor where it was", () => {
    const doc = sceneWith(asset());
    expect(editableAnchors(doc.prop_assets[0])).toEqual([{ id: 'center', role: 'grip', hands: ['left', 'right'], position: [0, 0], rotation: 0, z_offset: 0, primary_grip: true }]);
    const moved = updateAnchor(doc, 'my:crate', 'center', { position: [10, -20] });
    expect(moved.prop_assets[0].anchors).toEqual([{ id: 'center', role: 'grip', hands: ['left', 'right'], position: [10, -20], rotation: 0, z_offset: 0, primary_grip: true }]);
  });

  it('every edit saves in the embedded asset and loads back', () => {
    const doc = setPrimaryGrip(updateAnchor(twoGrips(), 'my:crate', 'side', { position: [30, 5], rotation: -0.5 }), 'my:crate', 'side');
    const back = loadSceneText(saveSceneText(doc));
    expect(back.ok && back.scene.prop_assets).toEqual(doc.prop_assets);
  });
});

describe('importPropAsset', () => {
  it('replaces an embedded asset of the same spawn_id in place; placed props use the new one', () => {
    const doc = sceneWith(asset([{ id: 'top', position: [0, -35] }]));
    const bigger = propAssetSchema.parse({ ...asset(), shape: { kind: 'box', size: [120, 70] }, name: 'Big crate' });
    const r = importPropAsset(doc, bigger);
    expect(r).toMatchObject({ replaced: true, restored: [] });
    expect(r.doc.prop_assets).toHaveLength(1);
    expect(r.doc.prop_assets[0].name).toBe('Big crate');
  });

  it('refuses an asset a placed prop cannot hold at its scale, naming the path, and an invalid one', () => {
    const doc = createObject(sceneWith(asset()), 'prop', { spawn_id: 'my:crate', scale: [0.01, 1] }, [800, 1300]);
    const thin = propAssetSchema.parse({ ...asset(), shape: { kind: 'box', size: [40, 70] } });
    expectEditError(() => importPropAsset(doc, thin), '$.objects[2].scale', /scaled shape/);
    expectEditError(() => importPropAsset(doc, { ...asset(), spawn_id: 'builtin:crate' }), '$.prop_assets[1].spawn_id', /reserved/);
  });
});
