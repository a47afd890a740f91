/**
 * What the code outside objects/ asks of a kind instead of comparing its name: each capability
 * is checked on every kind that has it, so a new kind that gets one wrong fails here.
 */
import { describe, expect, it } from 'vitest';
import { createObject, extractObjects, lastObject, newScene, updateObject, type ObjectPatch } from '../../../core/scene/edit';
import { importPropAsset } from '../../../core/scene/editAssets';
import { referenceWarnings } from '../../../core/scene/io';
import { propAssetSchema } from '../../../core/scene/schema';
import { modelOf, OBJECT_KINDS, OBJECT_MODELS } from '../../../objects/core/models';
import { OBJECT_FIELD_KINDS } from '../../../core/actions/definition';
import { PALETTE } from '../../../ui/state/palette';

/** One object placed from every palette entry, and a prop made from an embedded asset. */
function everyEntry() {
  const crate = propAssetSchema.parse({ spawn_id: 'my:crate', name: 'Crate', shape: { kind: 'box', size: [90, 70] }, mass: 5, anchors: [] });
  let doc = createObject(importPropAsset(newScene(), crate).doc, 'prop', { spawn_id: 'my:crate' }, [400, 800]);
  for (const item of PALETTE) doc = createObject(doc, item.kind, item.spec, [1000, 800]);
  return doc;
}

describe('object kind capabilities', () => {
  it('flipping twice is no change, and the flip is a valid edit', () => {
    const doc = everyEntry();
    let flipped = 0;
    for (const o of doc.objects) {
      const flip = modelOf(o).flip;
      if (!flip) continue;
      const once = updateObject(doc, o.id, flip(o) as ObjectPatch);
      const after = once.objects.find((x) => x.id === o.id)!;
      expect(after).not.toEqual(o);
      expect(updateObject(once, o.id, modelOf(after).flip!(after) as ObjectPatch).objects.find((x) => x.id === o.id)).toEqual(o);
      flipped += 1;
    }
    expect(flipped).toBeGreaterThan(0);
  });

  it('only the fields that name an object name a kind, and an action naming a kind that may not be named warns', () => {
    for (const kind of OBJECT_KINDS) for (const f of OBJECT_MODELS[kind].namedBy) expect(OBJECT_FIELD_KINDS).toContain(f);
    const doc = everyEntry();
    const stick = doc.objects.find((o) => modelOf(o).actor)!;
    for (const o of doc.objects) {
      const withFollow = { ...doc, queues: { ...doc.queues, camera: [{ id: 'a1', type: 'camera_follow' as const, target_id: o.id, width: 1200, ease_seconds: 0 }] } };
      const warned = referenceWarnings(withFollow).some((w) => w.path.includes('target_id'));
      expect(warned, `${o.kind} named by camera_follow`).toBe(!modelOf(o).namedBy.includes('object'));
    }
    expect(stick).toBeDefined();
  });

  it('an extract keeps exactly the assets its objects are made from', () => {
    const doc = everyEntry();
    expect(doc.prop_assets).toHaveLength(1);
    for (const o of doc.objects) {
      const kept = extractObjects(doc, [o.id]).prop_assets.map((a) => a.spawn_id);
      const asset = modelOf(o).assetOf?.(o);
      expect(kept).toEqual(doc.prop_assets.some((a) => a.spawn_id === asset) ? [asset] : []);
    }
  });

  it('a kind is grabbed in PLAY or is scenery, never both', () => {
    for (const kind of OBJECT_KINDS) expect(OBJECT_MODELS[kind].grabbable && OBJECT_MODELS[kind].backdrop).toBe(false);
    const placed = lastObject(createObject(newScene(), 'stickman', {}, [100, 100]))!;
    expect(modelOf(placed).grabbable).toBe(true);
  });

  it('each kind has its own pick rank, so the picking order is decided', () => {
    const ranks = OBJECT_KINDS.map((k) => OBJECT_MODELS[k].pick.rank);
    expect(new Set(ranks).size).toBe(ranks.length);
  });
});
