/** Every object kind's frame view, by kind; a kind without one fails the type check. */
import type { ObjectKind, ObjectOf } from '../core/models';
import { areaFrameView } from '../area/view';
import { propFrameView } from '../prop/view';
import { stickmanFrameView } from '../stickman/view';
import { terrainFrameView } from '../terrain/view';
import type { ObjectView } from './objectView';

export const OBJECT_VIEWS: { readonly [K in ObjectKind]: ObjectView<ObjectOf<K>> } = { terrain: terrainFrameView, prop: propFrameView, stickman: stickmanFrameView, area: areaFrameView };

/** The frame view of an object's kind. */
export function viewOf<O extends ObjectOf<ObjectKind>>(o: O): ObjectView<O> {
  return OBJECT_VIEWS[o.kind] as unknown as ObjectView<O>;
}
