/** What the palette can place: a kind plus the createObject spec for it. */
import type { ObjectKind } from '../../core/scene/schema';
import type { ObjectSpec } from '../../core/scene/edit';

export interface PaletteItem {
  key: string;
  label: string;
  group: 'Terrain' | 'Props' | 'Actors' | 'Areas';
  kind: ObjectKind;
  spec: ObjectSpec<ObjectKind>;
  hint: string;
}

export const PALETTE: readonly PaletteItem[] = [
  { key: 'block', label: 'Block', group: 'Terrain', kind: 'terrain', spec: { shape: 'block' }, hint: 'Solid ground block, 400×100' },
  { key: 'ramp', label: 'Ramp', group: 'Terrain', kind: 'terrain', spec: { shape: 'ramp' }, hint: 'Ramp rising to the right' },
  { key: 'stairs', label: 'Stairs', group: 'Terrain', kind: 'terrain', spec: { shape: 'stairs' }, hint: 'Five steps rising to the right' },
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
