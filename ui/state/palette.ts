/**
 * What the palette can place: every kind's palette entries (objects/<kind>/model.ts), in the
 * kinds' order, each a kind plus the createObject spec for it, and the colours its icon is drawn in.
 */
import type { ObjectKind } from '../../core/scene/schema';
import type { ObjectSpec } from '../../core/scene/edit';
import { OBJECT_KINDS, OBJECT_MODELS } from '../../objects/core/models';
import type { PaletteGroup } from '../../objects/core/objectModel';

export { PALETTE_GROUPS } from '../../objects/core/objectModel';

export interface PaletteItem {
  key: string;
  label: string;
  group: PaletteGroup;
  kind: ObjectKind;
  spec: ObjectSpec<ObjectKind>;
  hint: string;
}

export const PALETTE: readonly PaletteItem[] = OBJECT_KINDS.flatMap((kind) =>
  OBJECT_MODELS[kind].palette.map((e) => ({ key: e.key, label: e.label, group: e.group, kind, spec: e.spec as ObjectSpec<ObjectKind>, hint: e.hint })),
);

export function paletteItem(key: string): PaletteItem | undefined {
  return PALETTE.find((p) => p.key === key);
}

/**
 * The colours an item's icon is drawn in: the ones the placed object is drawn in (its spec's
 * colour, its prop's colours, or the stage's default for the kind), so what lands on the stage
 * looks like the icon that placed it.
 */
export function iconColors(item: PaletteItem): { fill: string; stroke: string } {
  return OBJECT_MODELS[item.kind].iconColors(item.spec as Readonly<Record<string, unknown>>);
}
