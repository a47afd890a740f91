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

  it('dragging a corner with Alt resizes a rotated area about its centre, in its own frame', () => {
    // The pointer 150 px left of and 300 px below the centre is local (+300, +150): size 600×300.
    expect(resizePatch(doc, zone, zone, [850, 1100], { centred: true })).toEqual({ size: [600, 300] });
  });

  it('dragging a corner keeps the opposite corner where it was, in the area’s own frame', () => {
    // Rotated 90°: the bottom-right corner (local +200, +100) is at stage (900, 1000) and the
    // opposite one (local −200, −100) at (1100, 600). Dragging the corner to (800, 1100) is local
    // (+500, +300) from the fixed corner: size 500×300, centred half of that from the fixed corner.
    const patch = resizePatch(doc, zone, zone, [800, 1100], { corner: [1, 1] })!;
    expect(patch).toEqual({ size: [500, 300], position: [950, 850] });
    // The fixed corner did not move: centre + R(90°)·(−250, −150) = (950 + 150, 850 − 250).
    expect([950 + 150, 850 - 250]).toEqual([1100, 600]);
  });

  it('every corner has a handle, and the one opposite the dragged corner stays put', () => {
    const flat = scene([{ kind: 'area', id: 'flat', position: [1000, 800], size: [400, 200] }]);
    const area = flat.objects[0] as AreaObject;
    const handles = handlesFor(selectionShape(flat, documentFrame(flat), area)!, 1).filter((h) => h.kind === 'resize');
    expect(handles.map((h) => h.position)).toEqual([[1200, 900], [800, 900], [1200, 700], [800, 700]]);
    // Top-left corner dragged 50 px left and 30 px up: the bottom-right corner (1200, 900) stays.
    expect(resizePatch(flat, area, area, [750, 670], { corner: [-1, -1] })).toEqual({ size: [450, 230], position: [975, 785] });
    // Shift keeps the aspect (2:1): the larger stretch wins.
    expect(resizePatch(flat, area, area, [600, 690], { corner: [-1, -1], keepAspect: true })).toEqual({ size: [600, 300], position: [900, 750] });
    // Past the fixed corner the area stops at its minimum size instead of flipping over.
    expect(resizePatch(flat, area, area, [1500, 1000], { corner: [-1, -1] })).toMatchObject({ size: [10, 10], position: [1195, 895] });
  });

  it('a prop corner drag scales it and keeps its opposite corner', () => {
    const withBox = scene([{ kind: 'prop', id: 'box', spawn_id: 'builtin:box', position: [1000, 1000], rotation: 0, scale: [1, 1] }]);
    const box = withBox.objects[0];
    // builtin box 80×80: the bottom-right corner (1040, 1040) dragged to (1120, 1080), top-left (960, 960) fixed.
    expect(resizePatch(withBox, box, box, [1120, 1080], { corner: [1, 1] })).toEqual({ scale: [2, 1.5], position: [1040, 1020] });
  });
});
