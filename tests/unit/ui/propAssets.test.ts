/**
 * The app's view of custom props (ui/state/propAssets): palette items for the embedded assets,
 * placeholders, and the selected prop's grips on the stage.
 */
import { describe, expect, it } from 'vitest';
import { createObject, newScene } from '../../../core/scene/edit';
import { importPropAsset } from '../../../core/scene/editAssets';
import { propAssetSchema, type PropObject, type SceneDocument } from '../../../core/scene/schema';
import { assetKey, assetPaletteItems, embeddedAsset, isPlaceholder, stageGrips } from '../../../ui/state/propAssets';

const crate = propAssetSchema.parse({
  spawn_id: 'my:crate', name: 'Crate', shape: { kind: 'box', size: [90, 70] }, mass: 5,
  anchors: [{ id: 'top', hands: ['right'], position: [0, -35], primary_grip: true }],
});

function scene(): { doc: SceneDocument; prop: PropObject } {
  const doc = createObject(importPropAsset(newScene(), crate).doc, 'prop', { spawn_id: 'my:crate', rotation: Math.PI, scale: [2, 2] }, [600, 1300]);
  const prop = doc.objects[doc.objects.length - 1];
  if (prop.kind !== 'prop') throw new Error('no prop');
  return { doc, prop };
}

describe('custom props in the UI state', () => {
  it('each embedded asset is a Props palette item placing its spawn_id', () => {
    expect(assetPaletteItems(scene().doc)).toEqual([
      { key: assetKey('my:crate'), label: 'Crate', group: 'Props', kind: 'prop', spec: { spawn_id: 'my:crate' }, hint: 'Crate (my:crate, 5 kg)' },
    ]);
    expect(assetPaletteItems(newScene())).toEqual([]);
  });

  it('knows the asset a prop uses and whether it is a placeholder', () => {
    const { doc, prop } = scene();
    expect(embeddedAsset(doc, prop)?.name).toBe('Crate');
    expect(isPlaceholder(doc, prop)).toBe(false);
    const missing = { ...doc, prop_assets: [] };
    expect(isPlaceholder(missing, prop)).toBe(true);
    expect(stageGrips(missing, prop)).toEqual([]);
  });

  it('a built-in prop shows no grip marks (its generated centre grip is not authored)', () => {
    const { doc } = scene();
    const box = { kind: 'prop', id: 'b', file_id: 99, stage_object_id: 'b', spawn_id: 'builtin:box', position: [100, 100], rotation: 0, scale: [1, 1] } as never;
    expect(stageGrips(doc, box)).toEqual([]);
  });

  it("a prop's grips on the stage follow its scale, rotation and position", () => {
    const { doc, prop } = scene();
    const [g] = stageGrips(doc, prop);
    expect(g.id).toBe('top');
    expect(g.primary).toBe(true);
    // (0, -35) × 2, turned half a turn: 70 px below the centre.
    expect(g.position[0]).toBeCloseTo(600, 9);
    expect(g.position[1]).toBeCloseTo(1370, 9);
    expect(g.rotation).toBeCloseTo(Math.PI, 12);
  });
});
