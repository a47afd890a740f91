/** What the palette can place: a kind plus the createObject spec for it, and the colours its icon is drawn in. */
import type { ObjectKind } from '../../core/scene/schema';
import type { ObjectSpec } from '../../core/scene/edit';
import { builtinProp } from '../../core/scene/builtinProps';
import { DEFAULT_AREA_COLOR, DEFAULT_STICKMAN_COLOR, DEFAULT_TERRAIN_COLOR } from '../../streams/frame/documentFrame';

export interface PaletteItem {
  key: string;
  label: string;
  group: 'Terrain' | 'Props' | 'Actors' | 'Areas';
  kind: ObjectKind;
  spec: ObjectSpec<ObjectKind>;
  hint: string;
}

/** Ramps and stairs are brown earth; blocks the default slate. */
const EARTH = '#8a7b62';

export const PALETTE: readonly PaletteItem[] = [
  { key: 'block', label: 'Block', group: 'Terrain', kind: 'terrain', spec: { shape: 'block' }, hint: 'Solid ground block, 400×100' },
  { key: 'ramp', label: 'Ramp', group: 'Terrain', kind: 'terrain', spec: { shape: 'ramp', color: EARTH }, hint: 'Ramp rising to the right' },
  { key: 'stairs', label: 'Stairs', group: 'Terrain', kind: 'terrain', spec: { shape: 'stairs', color: EARTH }, hint: 'Five steps rising to the right' },
  { key: 'box', label: 'Box', group: 'Props', kind: 'prop', spec: { spawn_id: 'builtin:box' }, hint: 'Wooden box (4 kg)' },
  { key: 'ball', label: 'Ball', group: 'Props', kind: 'prop', spec: { spawn_id: 'builtin:ball' }, hint: 'Bouncy ball (0.6 kg)' },
  { key: 'plank', label: 'Plank', group: 'Props', kind: 'prop', spec: { spawn_id: 'builtin:plank' }, hint: 'Long plank (3 kg)' },
  { key: 'bottle', label: 'Bottle', group: 'Props', kind: 'prop', spec: { spawn_id: 'builtin:bottle' }, hint: 'Bottle (0.8 kg)' },
  { key: 'stickman', label: 'Stickman', group: 'Actors', kind: 'stickman', spec: {}, hint: 'A stickman; click where its feet go' },
  { key: 'area', label: 'Area', group: 'Areas', kind: 'area', spec: {}, hint: 'Trigger area, 200×200' },
];

export const PALETTE_GROUPS = ['Terrain', 'Props', 'Actors', 'Areas'] as const;

export function paletteItem(key: string): PaletteItem | undefined {
  return PALETTE.find((p) => p.key === key);
}

/**
 * The colours an item's icon is drawn in: the ones the placed object is drawn in (its spec's
 * colour, its prop's colours, or the stage's default for the kind), so what lands on the stage
 * looks like the icon that placed it.
 */
export function iconColors(item: PaletteItem): { fill: string; stroke: string } {
  const color = (item.spec as { color?: string }).color;
  switch (item.kind) {
    case 'terrain':
      return { fill: color ?? DEFAULT_TERRAIN_COLOR, stroke: color ?? DEFAULT_TERRAIN_COLOR };
    case 'prop': {
      const def = builtinProp((item.spec as { spawn_id?: string }).spawn_id ?? 'builtin:box');
      return def ? def.colors : { fill: '#9aa4b1', stroke: '#3c4450' };
    }
    case 'stickman':
      return { fill: color ?? DEFAULT_STICKMAN_COLOR, stroke: color ?? DEFAULT_STICKMAN_COLOR };
    case 'area':
      return { fill: color ?? DEFAULT_AREA_COLOR, stroke: color ?? DEFAULT_AREA_COLOR };
  }
}
