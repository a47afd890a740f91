/** Placed objects look like the palette icons that placed them: the icon's colours are the drawn object's. */
import { describe, expect, it } from 'vitest';
import { createObject, newScene, type ObjectSpec } from '../../../core/scene/edit';
import type { ObjectKind } from '../../../core/scene/schema';
import { documentFrame } from '../../../streams/frame/documentFrame';
import { iconColors, PALETTE, paletteItem } from '../../../ui/state/palette';

describe('palette icon colours', () => {
  it.each(PALETTE.map((p) => [p.key, p] as const))('%s is drawn on the stage in its icon’s colours', (_key, item) => {
    const doc = createObject(newScene(), item.kind, item.spec as ObjectSpec<ObjectKind>, [1000, 500]);
    const frame = documentFrame(doc);
    const icon = iconColors(item);
    const id = doc.objects[doc.objects.length - 1].id;
    const drawn =
      frame.terrain.find((t) => t.id === id)?.color ??
      frame.props.find((p) => p.id === id)?.fill ??
      frame.areas.find((a) => a.id === id)?.color ??
      frame.rigs.find((r) => r.id === id)?.color;
    expect(drawn).toBe(icon.fill);
    const prop = frame.props.find((p) => p.id === id);
    if (prop) expect(prop.stroke).toBe(icon.stroke);
  });

  it('a new ramp is brown like its icon, not the slate of a block', () => {
    expect(iconColors(paletteItem('ramp')!).fill).toBe('#8a7b62');
    expect(iconColors(paletteItem('stairs')!).fill).toBe('#8a7b62');
    expect(iconColors(paletteItem('block')!).fill).not.toBe('#8a7b62');
  });
});
