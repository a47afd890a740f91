import { describe, it, expect } from 'vitest';
import {
  cleanPolygon,
  edgeOutwardNormal,
  ensureWinding,
  isConvex,
  isDegenerate,
  pointInConvexPolygon,
  physicsPolygon,
  physicsPolygonProblem,
  PHYSICS_MIN_TURN,
  polygonAabb,
  signedArea,
  transformPoints,
} from '../../../core/geometry/polygon';
import type { Vec2 } from '../../../core/geometry/vec';

// Top-left, top-right, bottom-right, bottom-left: clockwise as seen on a +Y-down screen.
const screenClockwise: Vec2[] = [
  [0, 0],
  [10, 0],
  [10, 10],
  [0, 10],
];

describe('signedArea / ensureWinding', () => {
  it('is positive for screen-clockwise (math-CCW) points and flips when reversed', () => {
    expect(signedArea(screenClockwise)).toBe(100);
    expect(signedArea([...screenClockwise].reverse())).toBe(-100);
  });

  it('ensureWinding returns a copy with the requested sign', () => {
    const reversed = [...screenClockwise].reverse();
    const fixed = ensureWinding(reversed, 1);
    expect(signedArea(fixed)).toBe(100);
    expect(fixed).not.toBe(reversed);
    expect(signedArea(ensureWinding(screenClockwise, -1))).toBe(-100);
  });

  it('outward normal of a positive polygon points out of it', () => {
    // top edge (0,0)->(10,0): outward is up (-Y)
    expect(edgeOutwardNormal(screenClockwise[0], screenClockwise[1])).toEqual([0, -1]);
    const right = edgeOutwardNormal(screenClockwise[1], screenClockwise[2]);
    expect(right[0]).toBe(1);
    expect(right[1]).toBeCloseTo(0, 15);
  });
});

describe('isConvex / isDegenerate / cleanPolygon', () => {
  it('accepts convex polygons in either winding, with collinear vertices', () => {
    expect(isConvex(screenClockwise)).toBe(true);
    expect(isConvex([...screenClockwise].reverse())).toBe(true);
    expect(isConvex([[0, 0], [5, 0], [10, 0], [10, 10], [0, 10]])).toBe(true);
  });

  it('rejects concave, self-intersecting and degenerate polygons', () => {
    const lShape: Vec2[] = [[0, 0], [10, 0], [10, 5], [5, 5], [5, 10], [0, 10]];
    expect(isConvex(lShape)).toBe(false);
    const star: Vec2[] = [0, 2, 4, 1, 3].map((k) => {
      const a = (k * 2 * Math.PI) / 5;
      return [Math.cos(a) * 10, Math.sin(a) * 10] as Vec2;
    });
    expect(star.length).toBe(5);
    expect(isConvex(star)).toBe(false);
    expect(isConvex([[0, 0], [5, 0], [10, 0]])).toBe(false);
    expect(isDegenerate([[0, 0], [5, 0], [10, 0]])).toBe(true);
    expect(isDegenerate(screenClockwise)).toBe(false);
    expect(isConvex([[0, 0], [10, 0]])).toBe(false);
  });

  it('cleanPolygon drops repeated and straight-through points only', () => {
    expect(cleanPolygon([[0, 0], [0, 0], [5, 0], [10, 0], [10, 10], [0, 10]])).toEqual(screenClockwise);
    expect(cleanPolygon([[0, 0], [5, 0], [10, 0]]).length).toBeLessThan(3);
  });
});

describe('pointInConvexPolygon / polygonAabb / transformPoints', () => {
  it('is inclusive on the boundary and works for both windings', () => {
    for (const poly of [screenClockwise, [...screenClockwise].reverse()]) {
      expect(pointInConvexPolygon([5, 5], poly)).toBe(true);
      expect(pointInConvexPolygon([10, 5], poly)).toBe(true);
      expect(pointInConvexPolygon([10.001, 5], poly)).toBe(false);
      expect(pointInConvexPolygon([-1, -1], poly)).toBe(false);
      expect(pointInConvexPolygon([10.5, 5], poly, 1)).toBe(true);
    }
  });

  it('computes the AABB', () => {
    expect(polygonAabb([[3, -2], [-1, 7], [5, 1]])).toEqual({ minX: -1, minY: -2, maxX: 5, maxY: 7 });
  });

  it('rotates about the origin first, then translates', () => {
    const [p] = transformPoints([[10, 0]], Math.PI / 2, [100, 200]);
    expect(p[0]).toBeCloseTo(100, 9);
    expect(p[1]).toBeCloseTo(210, 9);
  });
});

describe('physicsPolygon: the polygon as the physics engine holds it', () => {
  it('keeps a triangle whose corners all turn more than PHYSICS_MIN_TURN', () => {
    expect(physicsPolygon([[0, 0], [100, 0], [50, -10]])).toEqual([[0, 0], [100, 0], [50, -10]]);
    expect(physicsPolygonProblem([[0, 0], [100, 0], [50, -10]])).toBeNull();
  });

  it('merges the apex of a triangle flatter than the engine keeps, leaving 2 points (refused)', () => {
    // The apex of a b × h isosceles triangle turns by 2·atan(2h/b).
    const h = (100 / 2) * Math.tan(PHYSICS_MIN_TURN / 2) * 0.99;
    expect(physicsPolygon([[0, 0], [100, 0], [50, -h]])).toHaveLength(2);
    expect(physicsPolygonProblem([[0, 0], [100, 0], [50, -h]])).toMatch(/^polygon is too flat for the physics engine/);
    expect(physicsPolygonProblem([[-5000, 0], [5000, 0], [0, -60]])).not.toBeNull();
  });

  it('merges a near-straight corner of a box and keeps the rest, the flattest first', () => {
    expect(physicsPolygon([[0, 0], [100, 0], [100, 50], [50, 50.2], [0, 50]])).toEqual([[0, 0], [100, 0], [100, 50], [0, 50]]);
  });

  it('merges a repeated point', () => {
    expect(physicsPolygon([[0, 0], [100, 0], [100, 0], [0, 50]])).toEqual([[0, 0], [100, 0], [0, 50]]);
  });

  it('does not depend on scale', () => {
    const pts: Array<[number, number]> = [[0, 0], [100, 0], [100, 50], [50, 50.2], [0, 50]];
    expect(physicsPolygon(pts.map(([x, y]) => [x * 1000, y * 1000])).length).toBe(physicsPolygon(pts).length);
  });
});
