import { describe, expect, it } from 'vitest';
import {
  boxCorners,
  distanceToSegment,
  halfExtentsFromPointer,
  hitHandle,
  hitsProp,
  pointInPolygon,
  rigBox,
  rotationFromPointer,
  selectionHandles,
  type HitRig,
  type HitScene,
} from '../../../core/geometry/hitTest';
import { hitTest, hitTestAll } from '../../../objects/core/picking';
import { terrainConvexPieces } from '../../../core/geometry/terrainShapes';

const ground = { id: 'ground', pieces: terrainConvexPieces({ id: 'ground', shape: 'block', position: [500, 1000], size: [1000, 200] }) };
const stairs = {
  id: 'stairs',
  pieces: terrainConvexPieces({ id: 'stairs', shape: 'stairs', position: [800, 800], size: [200, 200], steps: 4, rise: 'right' }),
};
const rig: HitRig = {
  id: 'stick',
  parts: [
    { start: [300, 900], end: [300, 700] },
    { start: [300, 700], end: [280, 600] },
  ],
  headCenter: [300, 560],
  headRadius: 40,
};

function scene(overrides: Partial<HitScene> = {}): HitScene {
  return {
    terrain: [ground, stairs],
    props: [
      { id: 'box', position: [100, 880], rotation: 0, shape: { kind: 'box', size: [80, 80] } },
      { id: 'ball', position: [300, 750], rotation: 0, shape: { kind: 'circle', radius: 30 } },
    ],
    areas: [{ id: 'goal', position: [300, 750], size: [400, 400] }],
    rigs: [rig],
    ...overrides,
  };
}

describe('hitTest picking order', () => {
  it('picks a prop before the stickman, the area and the terrain under it', () => {
    expect(hitTestAll(scene(), [300, 750]).map((h) => h.kind)).toEqual(['prop', 'stickman', 'area']);
    expect(hitTest(scene(), [300, 750])).toEqual({ id: 'ball', kind: 'prop' });
  });

  it('picks a stickman before an area', () => {
    expect(hitTest(scene(), [300, 850])).toEqual({ id: 'stick', kind: 'stickman' });
    expect(hitTest(scene(), [300, 560])).toEqual({ id: 'stick', kind: 'stickman' }); // head
  });

  it('picks the area on its empty part, terrain when nothing else is there, null on empty stage', () => {
    expect(hitTest(scene(), [450, 650])).toEqual({ id: 'goal', kind: 'area' });
    expect(hitTest(scene(), [700, 1050])).toEqual({ id: 'ground', kind: 'terrain' });
    expect(hitTest(scene(), [900, 300])).toBeNull();
  });

  it('the topmost (last) object of a kind wins', () => {
    const s = scene({
      props: [
        { id: 'under', position: [0, 0], rotation: 0, shape: { kind: 'box', size: [50, 50] } },
        { id: 'over', position: [10, 0], rotation: 0, shape: { kind: 'box', size: [50, 50] } },
      ],
    });
    expect(hitTest(s, [5, 0])?.id).toBe('over');
  });

  it('uses the stairs pieces, not their bounding box', () => {
    // Rise right: the low-left corner of the box above the first step is empty.
    expect(hitTest(scene({ areas: [] }), [705, 705])).toBeNull();
    expect(hitTest(scene({ areas: [] }), [890, 705])).toEqual({ id: 'stairs', kind: 'terrain' });
  });

  it('widens shapes by the tolerance', () => {
    const s = scene({ terrain: [], areas: [] });
    expect(hitTest(s, [145, 880])).toBeNull();
    expect(hitTest(s, [145, 880], { tolerance: 6 })).toEqual({ id: 'box', kind: 'prop' });
  });

  it('never hits with a non-finite point', () => {
    expect(hitTest(scene(), [Number.NaN, 750])).toBeNull();
    expect(hitTest(scene(), [Infinity, 0])).toBeNull();
  });
});

describe('prop shapes', () => {
  it('respects rotation of a box', () => {
    const plank = { id: 'p', position: [0, 0] as [number, number], rotation: Math.PI / 2, shape: { kind: 'box' as const, size: [200, 20] as [number, number] } };
    expect(hitsProp(plank, [0, 90])).toBe(true);
    expect(hitsProp(plank, [90, 0])).toBe(false);
  });

  it('capsules lie along local Y', () => {
    const bottle = { id: 'b', position: [0, 0] as [number, number], rotation: 0, shape: { kind: 'capsule' as const, length: 60, radius: 14 } };
    expect(hitsProp(bottle, [0, 40])).toBe(true);
    expect(hitsProp(bottle, [40, 0])).toBe(false);
  });

  it('polygons use an even-odd test', () => {
    const tri = { id: 't', position: [10, 10] as [number, number], rotation: 0, shape: { kind: 'polygon' as const, points: [[-10, 10], [10, 10], [0, -10]] as [number, number][] } };
    expect(hitsProp(tri, [10, 15])).toBe(true);
    expect(hitsProp(tri, [1, 1])).toBe(false);
    expect(pointInPolygon([0, 0], [[-1, -1], [1, -1], [1, 1], [-1, 1]])).toBe(true);
  });

  it('distanceToSegment handles degenerate segments', () => {
    expect(distanceToSegment([3, 4], [0, 0], [0, 0])).toBe(5);
    expect(distanceToSegment([5, 1], [0, 0], [10, 0])).toBe(1);
  });
});

describe('handles', () => {
  const box = { center: [100, 100] as [number, number], half: [50, 20] as [number, number], rotation: 0 };

  it('places rotate above the top edge and resize on the bottom-right corner', () => {
    const hs = selectionHandles(box, { rotate: true, resize: true, rotateOffset: 30 });
    expect(hs).toEqual([
      { id: 'rotate', kind: 'rotate', position: [100, 50] },
      { id: 'resize', kind: 'resize', position: [150, 120] },
    ]);
    expect(selectionHandles(box, { rotate: false, resize: true, rotateOffset: 30 }).map((h) => h.kind)).toEqual(['resize']);
    expect(hitHandle(hs, [148, 118], 5)?.kind).toBe('resize');
    expect(hitHandle(hs, [0, 0], 5)).toBeNull();
  });

  it('rotated boxes rotate their corners and handles', () => {
    const r = { ...box, rotation: Math.PI / 2 };
    const [rx, ry] = selectionHandles(r, { rotate: true, resize: false, rotateOffset: 30 })[0].position;
    expect(rx).toBeCloseTo(150);
    expect(ry).toBeCloseTo(100);
    const corners = boxCorners(r);
    expect(corners[0][0]).toBeCloseTo(120);
    expect(corners[0][1]).toBeCloseTo(50);
  });

  it('rotationFromPointer is 0 straight above, π/2 to the right, and snaps', () => {
    expect(rotationFromPointer([0, 0], [0, -10], 1)).toBeCloseTo(0);
    expect(rotationFromPointer([0, 0], [10, 0], 0)).toBeCloseTo(Math.PI / 2);
    expect(rotationFromPointer([0, 0], [-10, 0], 0)).toBeCloseTo(-Math.PI / 2);
    expect(rotationFromPointer([0, 0], [10, -9], 0, Math.PI / 4)).toBeCloseTo(Math.PI / 4);
    expect(rotationFromPointer([0, 0], [0, 0], 0.3)).toBe(0.3);
    expect(rotationFromPointer([0, 0], [Number.NaN, 0], 0.3)).toBe(0.3);
  });

  it('halfExtentsFromPointer works in the box frame, clamps and keeps aspect', () => {
    expect(halfExtentsFromPointer([0, 0], 0, [30, -40], 5)).toEqual([30, 40]);
    expect(halfExtentsFromPointer([0, 0], 0, [1, 1], 5)).toEqual([5, 5]);
    const [hx, hy] = halfExtentsFromPointer([0, 0], Math.PI / 2, [0, 30], 5);
    expect(hx).toBeCloseTo(30);
    expect(hy).toBeCloseTo(0 + 5);
    expect(halfExtentsFromPointer([0, 0], 0, [40, 10], 5, { startHalf: [20, 10] })).toEqual([40, 20]);
    expect(halfExtentsFromPointer([0, 0], 0, [Number.NaN, 0], 5)).toEqual([5, 5]);
  });

  it('rigBox surrounds limbs and head', () => {
    const b = rigBox(rig, 0)!;
    expect(b.center[0]).toBeCloseTo(300);
    expect(b.half[1]).toBeCloseTo((900 - 520) / 2);
  });
});

describe('rotated areas', () => {
  // A 400×200 area rotated 90°: it stands 200 wide and 400 tall about (1000, 1000).
  const standing = { id: 'tall', position: [1000, 1000] as [number, number], size: [400, 200] as [number, number], rotation: Math.PI / 2 };
  const only = (area: typeof standing) => ({ terrain: [], props: [], rigs: [], areas: [area] });

  it('hits inside the rotated shape and misses where only the unrotated box would be', () => {
    expect(hitTest(only(standing), [1000, 1180])).toEqual({ id: 'tall', kind: 'area' }); // below the centre, inside
    expect(hitTest(only(standing), [1180, 1000])).toBeNull(); // right of the centre: the unrotated box reaches here
    expect(hitTest(only({ ...standing, rotation: 0 }), [1180, 1000])).toEqual({ id: 'tall', kind: 'area' });
  });

  it('a 45° square misses its old corners and hits its new points', () => {
    const diamond = { id: 'd', position: [0, 0] as [number, number], size: [200, 200] as [number, number], rotation: Math.PI / 4 };
    expect(hitTest(only(diamond), [90, -90])).toBeNull(); // corner of the unrotated square
    expect(hitTest(only(diamond), [0, -135])).toEqual({ id: 'd', kind: 'area' }); // beyond the old top edge, inside the diamond
    expect(hitTest(only(diamond), [0, -150])).toBeNull(); // past its top point (141 px)
  });

  it('tolerance widens the rotated shape in its own frame', () => {
    expect(hitTest(only(standing), [1104, 1000])).toBeNull();
    expect(hitTest(only(standing), [1104, 1000], { tolerance: 5 })).toEqual({ id: 'tall', kind: 'area' });
  });
});
