import { describe, it, expect } from 'vitest';
import { polygonAabb, signedArea } from '../../../core/geometry/polygon';
import {
  type TerrainInput,
  terrainBounds,
  terrainConvexPieces,
  terrainOutline,
} from '../../../core/geometry/terrainShapes';
import type { Vec2 } from '../../../core/geometry/vec';

/** Sort points so vertex sets can be compared regardless of start vertex / winding. */
function sorted(points: Vec2[]): Vec2[] {
  return [...points].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

function expectPointsClose(actual: Vec2[], expected: Vec2[]): void {
  expect(actual.length).toBe(expected.length);
  const a = sorted(actual);
  const e = sorted(expected);
  a.forEach((p, i) => {
    expect(p[0]).toBeCloseTo(e[i][0], 9);
    expect(p[1]).toBeCloseTo(e[i][1], 9);
  });
}

/** Highest point (smallest y) of a polygon. */
function topY(poly: Vec2[]): number {
  return Math.min(...poly.map((p) => p[1]));
}

describe('terrainConvexPieces: block', () => {
  it('is one rectangle centred on position, positive winding', () => {
    const pieces = terrainConvexPieces({ id: 'b', shape: 'block', position: [100, 200], size: [40, 20] });
    expect(pieces.length).toBe(1);
    expectPointsClose(pieces[0], [[80, 190], [120, 190], [120, 210], [80, 210]]);
    expect(signedArea(pieces[0])).toBeCloseTo(800, 9);
  });

  it('applies rotation about position (clockwise on screen for positive angles)', () => {
    const t: TerrainInput = { id: 'r', shape: 'block', position: [100, 200], size: [40, 20], rotation: Math.PI / 2 };
    const [piece] = terrainConvexPieces(t);
    // local (20,-10) → rotate 90° → (10, 20) → + position
    expectPointsClose(piece, [[110, 220], [90, 220], [90, 180], [110, 180]]);
    const b = terrainBounds(t);
    expect(b.minX).toBeCloseTo(90, 9);
    expect(b.maxX).toBeCloseTo(110, 9);
    expect(b.minY).toBeCloseTo(180, 9);
    expect(b.maxY).toBeCloseTo(220, 9);
    expect(signedArea(piece)).toBeGreaterThan(0);
  });

  it('a small positive rotation lowers the right end of the top edge', () => {
    const [piece] = terrainConvexPieces({ id: 'r', shape: 'block', position: [0, 0], size: [100, 10], rotation: 0.1 });
    const topRight = piece.reduce((best, p) => (p[0] > best[0] ? p : best));
    expect(topRight[1]).toBeGreaterThan(0); // moved DOWN (+Y) on screen
  });
});

describe('terrainConvexPieces: ramp', () => {
  it("rise 'right': full-width bottom, high vertical side on the right", () => {
    const pieces = terrainConvexPieces({ id: 'ramp', shape: 'ramp', position: [2000, 1900], size: [600, 200], rise: 'right' });
    expect(pieces.length).toBe(1);
    expectPointsClose(pieces[0], [[1700, 2000], [2300, 2000], [2300, 1800]]);
    expect(signedArea(pieces[0])).toBeCloseTo(60000, 6);
  });

  it("rise 'left' mirrors: high side on the left", () => {
    const [tri] = terrainConvexPieces({ id: 'ramp', shape: 'ramp', position: [2000, 1900], size: [600, 200], rise: 'left' });
    expectPointsClose(tri, [[1700, 2000], [2300, 2000], [1700, 1800]]);
    expect(signedArea(tri)).toBeGreaterThan(0);
  });
});

describe('terrainConvexPieces: stairs', () => {
  const base = { id: 'st', shape: 'stairs', position: [3000, 1900], size: [500, 200], steps: 5 } as const;

  it("rise 'right': n columns of width w/n, heights h(i+1)/n increasing to the right", () => {
    const pieces = terrainConvexPieces({ ...base, rise: 'right' });
    expect(pieces.length).toBe(5);
    const boxes = pieces.map((p) => polygonAabb(p)).sort((a, b) => a.minX - b.minX);
    boxes.forEach((b, i) => {
      expect(b.minX).toBeCloseTo(2750 + 100 * i, 9);
      expect(b.maxX).toBeCloseTo(2850 + 100 * i, 9);
      expect(b.maxY).toBeCloseTo(2000, 9);
      expect(b.minY).toBeCloseTo(2000 - 40 * (i + 1), 9);
    });
    for (const p of pieces) expect(signedArea(p)).toBeGreaterThan(0);
  });

  it("rise 'left': heights increase toward the left", () => {
    const pieces = terrainConvexPieces({ ...base, rise: 'left' });
    expect(pieces.length).toBe(5);
    const byX = [...pieces].sort((a, b) => polygonAabb(a).minX - polygonAabb(b).minX);
    const tops = byX.map(topY);
    tops.forEach((y, i) => expect(y).toBeCloseTo(1800 + 40 * i, 9));
  });

  it('outline is the staircase: 2n+2 vertices, same area as the pieces, box bounds', () => {
    for (const rise of ['left', 'right'] as const) {
      const t: TerrainInput = { ...base, rise };
      const outline = terrainOutline(t);
      expect(outline.length).toBe(12);
      const piecesArea = terrainConvexPieces(t).reduce((s, p) => s + signedArea(p), 0);
      expect(signedArea(outline)).toBeCloseTo(piecesArea, 6);
      expect(terrainBounds(t)).toEqual({ minX: 2750, minY: 1800, maxX: 3250, maxY: 2000 });
    }
  });

  it('one step is a block', () => {
    const pieces = terrainConvexPieces({ ...base, steps: 1, rise: 'right' });
    expect(pieces.length).toBe(1);
    expect(polygonAabb(pieces[0])).toEqual({ minX: 2750, minY: 1800, maxX: 3250, maxY: 2000 });
  });

  it('rejects a non-integer or missing step count, naming the id', () => {
    expect(() => terrainConvexPieces({ ...base, steps: 2.5 })).toThrow(/"st".*steps/);
    expect(() => terrainConvexPieces({ ...base, steps: 0 })).toThrow(/"st"/);
  });
});

describe('terrainConvexPieces: polygon', () => {
  it('accepts a convex polygon (either winding) and places it at position', () => {
    const t: TerrainInput = { id: 'poly', shape: 'polygon', position: [10, 20], points: [[0, 0], [0, 10], [10, 10], [10, 0]] };
    const pieces = terrainConvexPieces(t);
    expect(pieces.length).toBe(1);
    expectPointsClose(pieces[0], [[10, 20], [10, 30], [20, 30], [20, 20]]);
    expect(signedArea(pieces[0])).toBeCloseTo(100, 9);
  });

  it('rejects a concave polygon with an error naming the id', () => {
    const t: TerrainInput = {
      id: 'bad-poly',
      shape: 'polygon',
      position: [0, 0],
      points: [[0, 0], [10, 0], [10, 10], [5, 3], [0, 10]],
    };
    expect(() => terrainConvexPieces(t)).toThrow(/"bad-poly".*not convex/);
  });

  it('rejects collinear / too few points as degenerate', () => {
    expect(() =>
      terrainConvexPieces({ id: 'line', shape: 'polygon', position: [0, 0], points: [[0, 0], [5, 5], [10, 10]] }),
    ).toThrow(/"line".*degenerate/);
    expect(() =>
      terrainConvexPieces({ id: 'two', shape: 'polygon', position: [0, 0], points: [[0, 0], [5, 5]] }),
    ).toThrow(/"two".*at least 3/);
    expect(() => terrainConvexPieces({ id: 'none', shape: 'polygon', position: [0, 0] })).toThrow(/"none"/);
  });
});

describe('input validation', () => {
  it('rejects bad sizes and non-finite placement, naming the id', () => {
    expect(() => terrainConvexPieces({ id: 'z', shape: 'block', position: [0, 0], size: [0, 10] })).toThrow(/"z".*size/);
    expect(() => terrainConvexPieces({ id: 'm', shape: 'ramp', position: [0, 0] })).toThrow(/"m".*size/);
    expect(() => terrainConvexPieces({ id: 'n', shape: 'block', position: [NaN, 0], size: [1, 1] })).toThrow(/"n".*position/);
    expect(() =>
      terrainConvexPieces({ id: 'q', shape: 'block', position: [0, 0], size: [1, 1], rotation: Infinity }),
    ).toThrow(/"q".*rotation/);
  });
});
