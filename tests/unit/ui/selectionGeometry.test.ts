/** Selection handles and handle drags for areas, which rotate like terrain. */
import { describe, expect, it } from 'vitest';
import { documentFrame } from '../../../streams/frame/documentFrame';
import { handlesFor, resizePatch, rotatePatch, selectionShape, ROTATE_HANDLE_OFFSET_PX } from '../../../ui/state/selectionGeometry';
import type { AreaObject, SceneDocument } from '../../../core/scene/schema';
import { scene } from '../../helpers/scenes';

const doc: SceneDocument = scene([{ kind: 'area', id: 'zone', position: [1000, 800], size: [400, 200], rotation: Math.PI / 2 }]);
const zone = doc.objects[0] as AreaObject;

describe('area selection geometry', () => {
  it('an area is rotatable and resizable; its box carries the rotation', () => {
    const shape = selectionShape(doc, documentFrame(doc), zone)!;
    expect(shape).toMatchObject({ rotatable: true, resizable: true, box: { center: [1000, 800], half: [200, 100], rotation: Math.PI / 2 } });
  });

  it('handles follow the rotation: rotate sits beside the (rotated) top edge, resize on the rotated corner', () => {
    const handles = handlesFor(selectionShape(doc, documentFrame(doc), zone)!, 1);
    const rotate = handles.find((h) => h.kind === 'rotate')!.position;
    const resize = handles.find((h) => h.kind === 'resize')!.position;
    // Rotated 90° clockwise, "up" (−Y) points to +X.
    expect(rotate[0]).toBeCloseTo(1000 + 100 + ROTATE_HANDLE_OFFSET_PX, 6);
    expect(rotate[1]).toBeCloseTo(800, 6);
    // Local (+200, +100) → stage (−100, +200) from the centre.
    expect(resize[0]).toBeCloseTo(900, 6);
    expect(resize[1]).toBeCloseTo(1000, 6);
  });

  it('dragging the rotate handle rotates an area (Shift snaps to 15°)', () => {
    expect(rotatePatch(zone, [1000, 1200], false)).toEqual({ rotation: 3.1416 }); // straight below: half a turn
    expect(rotatePatch(zone, [1100, 710], true)).toEqual({ rotation: 0.7854 }); // ~48° snaps to 45°
  });

  it('dragging the corner resizes a rotated area in its own frame', () => {
    // The pointer 150 px left of and 300 px below the centre is local (+300, +150): size 600×300.
    expect(resizePatch(doc, zone, zone, [850, 1100], false)).toEqual({ size: [600, 300] });
  });
});
