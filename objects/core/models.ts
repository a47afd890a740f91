/**
 * Every object kind's model, by kind (its schema part is listed in ./schemas.ts); every other
 * layer's registry is a `Record<ObjectKind, …>` like this one. Adding a kind is
 * a folder beside these (README.md, "Adding an object kind") and one line here and in each
 * layer's registry; a registry missing the kind fails the type check. Core layer.
 */
import { areaModel } from '../area/model';
import { propModel } from '../prop/model';
import { stickmanModel } from '../stickman/model';
import { terrainModel } from '../terrain/model';
import type { ObjectModel } from './objectModel';
import { OBJECT_KINDS, type ObjectKind, type ObjectOf } from './schemas';

export { OBJECT_KINDS, OBJECT_KIND_LIST, type ObjectKind, type ObjectOf } from './schemas';
export type AnyStageObject = ObjectOf<ObjectKind>;

export const OBJECT_MODELS: { readonly [K in ObjectKind]: ObjectModel<ObjectOf<K>> } = { terrain: terrainModel, prop: propModel, stickman: stickmanModel, area: areaModel };

/** The model of an object's kind, typed for that object. */
export function modelOf<O extends AnyStageObject>(o: O): ObjectModel<O> {
  return OBJECT_MODELS[o.kind as ObjectKind] as unknown as ObjectModel<O>;
}

/** The model of a kind named by a string (an id's kind in a lookup), or undefined for no such kind. */
export function modelOfKind(kind: string | undefined): ObjectModel<AnyStageObject> | undefined {
  return kind !== undefined && Object.hasOwn(OBJECT_MODELS, kind) ? (OBJECT_MODELS[kind as ObjectKind] as unknown as ObjectModel<AnyStageObject>) : undefined;
}

/** The kinds that act (own a queue, act in rules, are what the camera follows and DIRECT walks): stickmen. */
export const ACTOR_KINDS: readonly ObjectKind[] = OBJECT_KINDS.filter((k) => OBJECT_MODELS[k].actor);
/** The kinds a press in PLAY takes hold of. */
export const GRABBABLE_KINDS: readonly ObjectKind[] = OBJECT_KINDS.filter((k) => OBJECT_MODELS[k].grabbable);

/** Is `o` an actor (its kind's model says so)? */
export function isActor(o: { kind: string } | undefined | null): boolean {
  return !!o && !!modelOfKind(o.kind)?.actor;
}

/** Is `o` of kind `kind`? (A typed lookup — "the stickmen of the scene" — not a behaviour branch: behaviour belongs in the kind's model.) */
export function isKind<K extends ObjectKind>(o: { kind: string } | undefined | null, kind: K): o is ObjectOf<K> {
  return !!o && o.kind === kind;
}

/** Object `id` if it is of kind `kind`, else undefined (a typed lookup: the prop a pickup names, the stickman a preview plans for). */
export function objectOfKind<K extends ObjectKind>(objects: readonly { kind: string; id: string }[], kind: K, id: string): ObjectOf<K> | undefined {
  return objects.find((o): o is ObjectOf<K> => o.kind === kind && o.id === id);
}

/** The objects of one kind, in document order. */
export function objectsOfKind<K extends ObjectKind>(objects: readonly { kind: string }[], kind: K): ObjectOf<K>[] {
  return objects.filter((o): o is ObjectOf<K> => o.kind === kind);
}
