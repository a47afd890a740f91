/** Every object kind's UI part, by kind; a kind without one fails the type check. UI layer. */
import type { ObjectKind, ObjectOf } from '../core/models';
import type { ObjectPanelPart } from './objectPanel';
import { areaPanel } from '../area/panel';
import { propPanel } from '../prop/panel';
import { stickmanPanel } from '../stickman/panel';
import { terrainPanel } from '../terrain/panel';

export const OBJECT_PANELS: { readonly [K in ObjectKind]: ObjectPanelPart<ObjectOf<K>> } = { terrain: terrainPanel, prop: propPanel, stickman: stickmanPanel, area: areaPanel };

/** The UI part of an object's kind. */
export function panelOf<O extends ObjectOf<ObjectKind>>(o: O): ObjectPanelPart<O> {
  return OBJECT_PANELS[o.kind] as unknown as ObjectPanelPart<O>;
}
