import { describe, expect, it } from 'vitest';
import { createObject, lastObject, newScene, updateObject, type ObjectPatch } from '../../../core/scene/edit';
import { stageObjectSchema } from '../../../core/scene/schema';
import { documentFrame } from '../../../streams/frame/documentFrame';
import { modelOf, OBJECT_KINDS, OBJECT_MODELS } from '../../../objects/core/models';
import { TERRAIN_SHAPES, TERRAIN_SHAPE_NAMES } from '../../../objects/terrain/shapes';
import type { PanelField, PanelRow } from '../../../objects/core/objectModel';
import type { StageObject } from '../../../core/scene/schema';
import { geometryContext } from '../../../ui/state/selectionGeometry';
import { PALETTE } from '../../../ui/state/palette';

const fieldsOf = (rows: readonly PanelRow<StageObject>[]): PanelField<StageObject>[] => rows.flatMap((r) => (Array.isArray(r) ? [...r] : [r as PanelField<StageObject>]));

/** A document with one object placed from every palette entry. */
function everyEntry() {
  let doc = newScene();
  for (const item of PALETTE) doc = createObject(doc, item.kind, item.spec, [1000, 800]);
  return doc;
}

describe('object kinds', () => {
  it('are keyed by their own kind, and the document union knows exactly them', () => {
    for (const kind of OBJECT_KINDS) expect(OBJECT_MODELS[kind].kind).toBe(kind);
    expect(stageObjectSchema.safeParse({ kind: 'nope' }).error?.issues[0].message).toBe('unknown object kind (expected terrain, prop, stickman or area)');
    expect(TERRAIN_SHAPE_NAMES).toEqual(Object.keys(TERRAIN_SHAPES));
  });

  it('place from every palette entry as a valid object with its kind\'s defaults and id prefix', () => {
    for (const item of PALETTE) {
      const doc = createObject(newScene(), item.kind, item.spec, [500, 500]);
      const o = lastObject(doc)!;
      expect(o.kind).toBe(item.kind);
      expect(stageObjectSchema.safeParse(o).success).toBe(true);
      expect(o.id.startsWith(`${modelOf(o).idPrefix(item.spec)}-`)).toBe(true);
      for (const key of modelOf(o).idMirrors) expect((o as Record<string, unknown>)[key]).toBe(o.id);
    }
  });

  it('every shown panel field writes back what it reads as a valid edit', () => {
    const doc = everyEntry();
    let checked = 0;
    for (const o of doc.objects) {
      for (const section of modelOf(o).panel) {
        for (const f of fieldsOf(section.rows as readonly PanelRow<StageObject>[])) {
          if (f.when && !f.when(o)) continue;
          let patch: unknown;
          if (f.type === 'button') patch = f.press(o);
          else if (f.type === 'number') patch = f.set(o, f.get(o) ?? (f.rule?.optional ? undefined : 1));
          else if (f.type === 'choice') patch = f.set(o, f.options[f.options.length - 1].value);
          else if (f.type === 'toggle') patch = f.set(o, !f.get(o));
          else patch = f.set(o, f.get(o));
          const next = updateObject(doc, o.id, patch as ObjectPatch);
          expect(next.objects.find((x) => x.id === o.id)!.kind).toBe(o.kind);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('a terrain shows the fields its shape lists, and only those', () => {
    const doc = everyEntry();
    const shown = (shape: string) => {
      const o = doc.objects.find((x) => x.kind === 'terrain' && x.shape === shape)!;
      return fieldsOf(modelOf(o).panel[0].rows as readonly PanelRow<StageObject>[]).filter((f) => !f.when || f.when(o)).map((f) => f.id);
    };
    expect(shown('block')).toEqual(['size.width', 'size.height', 'friction', 'color']);
    expect(shown('stairs')).toEqual(['size.width', 'size.height', 'steps', 'rise', 'friction', 'color']);
    expect(shown('ramp')).toEqual(['size.width', 'size.height', 'rise', 'friction', 'color']);
  });

  it('selection boxes come from the kind: a stickman\'s from its shown figure, the rest from the document', () => {
    const doc = everyEntry();
    const ctx = geometryContext(doc, documentFrame(doc));
    for (const o of doc.objects) expect(modelOf(o).selection(o, ctx)).not.toBeNull();
    const stick = doc.objects.find((o) => modelOf(o).actor)!;
    expect(modelOf(stick).selection(stick, { doc, figure: () => null })).toBeNull();
    expect(modelOf(stick).pointHandles!(stick, ctx)!.map((h) => h.target)).toEqual(['Left_Hand', 'Right_Hand', 'Left_Leg', 'Right_Leg', 'Torso']);
  });
});
