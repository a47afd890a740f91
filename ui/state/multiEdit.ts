/**
 * A multi-selection's panel (issue 22): the fields every selected object's kind has (matched by
 * the field's id, objects/core/fields.ts), shown once with the value they share (or none when they
 * differ), and one edit applied to all of them as one document change (one undo step). Pure.
 */
import { updateObject, type ObjectPatch } from '../../core/scene/edit';
import type { SceneDocument, StageObject } from '../../core/scene/schema';
import { modelOf } from '../../objects/core/models';
import type { PanelField } from '../../objects/core/objectModel';

type Field = PanelField<StageObject>;

/** The field types one value can set on many objects (a text like a name stays one object's). */
const SHARED_TYPES: ReadonlySet<Field['type']> = new Set(['number', 'color', 'choice', 'toggle', 'button']);

function fieldsOf(o: StageObject): Field[] {
  const out: Field[] = [];
  for (const section of modelOf(o).panel as readonly { rows: readonly (Field | readonly Field[])[] }[]) {
    for (const row of section.rows) for (const f of (Array.isArray(row) ? row : [row]) as Field[]) if (SHARED_TYPES.has(f.type) && (!f.when || f.when(o))) out.push(f);
  }
  return out;
}

export interface SharedField {
  /** The first object's field: its label, rule and type stand for all. */
  field: Field;
  /** Each selected object's own field of that id (their setters differ by kind). */
  perObject: ReadonlyArray<{ object: StageObject; field: Field }>;
  /** The value they all have, or undefined when they differ (a button has none). */
  common: unknown;
}

/** The fields every one of `objects` has, in the first object's order. */
export function sharedFields(objects: readonly StageObject[]): SharedField[] {
  if (objects.length < 2) return [];
  const lists = objects.map(fieldsOf);
  const out: SharedField[] = [];
  for (const f of lists[0]) {
    const perObject = objects.map((object, i) => ({ object, field: lists[i].find((g) => g.id === f.id && g.type === f.type) }));
    if (perObject.some((p) => !p.field)) continue;
    const pairs = perObject as Array<{ object: StageObject; field: Field }>;
    const values = f.type === 'button' ? [] : pairs.map((p) => (p.field as Exclude<Field, { type: 'button' }>).get(p.object as never));
    const common = values.length && values.every((v) => v === values[0]) ? values[0] : undefined;
    out.push({ field: f, perObject: pairs, common });
  }
  return out;
}

/**
 * The document with `value` set through each object's own field (a button is pressed on each):
 * one change for the whole selection. Throws the first object's EditError, changing nothing.
 */
export function applyToAll(doc: SceneDocument, shared: SharedField, value?: unknown): SceneDocument {
  let next = doc;
  for (const { object, field } of shared.perObject) {
    const current = next.objects.find((o) => o.id === object.id);
    if (!current) continue;
    const patch = field.type === 'button' ? field.press(current as never) : (field as Exclude<Field, { type: 'button' }>).set(current as never, value as never);
    next = updateObject(next, object.id, patch as ObjectPatch);
  }
  return next;
}
