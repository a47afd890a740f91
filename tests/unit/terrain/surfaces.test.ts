import { describe, it, expect } from 'vitest';
import { pointInConvexPolygon } from '../../../core/geometry/polygon';
import { type TerrainInput, terrainConvexPieces } from '../../../core/geometry/terrainShapes';
import type { Vec2 } from '../../../core/geometry/vec';
import { SUPPORT_NORMAL_MIN_UP } from '../../../core/terrain/constants';
import { type TerrainSegment, collectSurfaces, isSupportingNormal, terrainSurfaces } from '../../../core/terrain/surfaces';
import { MIXED_SCENE } from './fixtures';

function mid(s: TerrainSegment): Vec2 {
  return [(s.a[0] + s.b[0]) / 2, (s.a[1] + s.b[1]) / 2];
}

/** The segment whose midpoint is nearest `p`. */
function edgeNear(segs: TerrainSegment[], p: Vec2): TerrainSegment {
  return segs.reduce((best, s) => {
    const d = Math.hypot(mid(s)[0] - p[0], mid(s)[1] - p[1]);
    const db = Math.hypot(mid(best)[0] - p[0], mid(best)[1] - p[1]);
    return d < db ? s : best;
  });
}

describe('SUPPORT_NORMAL_MIN_UP', () => {
  it('is cos(50°): up to 50° from vertical supports, walls and ceilings never do', () => {
    expect(SUPPORT_NORMAL_MIN_UP).toBeCloseTo(0.6428, 4);
    expect(isSupportingNormal([0, -1])).toBe(true);
    expect(isSupportingNormal([Math.sin(0.87), -Math.cos(0.87)])).toBe(true); // ~49.8°
    expect(isSupportingNormal([Math.sin(0.88), -Math.cos(0.88)])).toBe(false); // ~50.4°
    expect(isSupportingNormal([1, 0])).toBe(false);
    expect(isSupportingNormal([0, 1])).toBe(false);
  });
});

describe('terrainSurfaces: block', () => {
  const segs = terrainSurfaces({ id: 'b', shape: 'block', position: [0, 0], size: [100, 50] });

  it('only the top supports; sides and bottom (ceiling) do not', () => {
    expect(segs.length).toBe(4);
    const top = edgeNear(segs, [0, -25]);
    const bottom = edgeNear(segs, [0, 25]);
    const left = edgeNear(segs, [-50, 0]);
    const right = edgeNear(segs, [50, 0]);
    expect(top.normal).toEqual([0, -1]);
    expect(top.supporting).toBe(true);
    expect(bottom.normal[1]).toBe(1);
    expect(bottom.supporting).toBe(false);
    expect(left.normal[0]).toBe(-1);
    expect(left.supporting).toBe(false);
    expect(right.normal[0]).toBe(1);
    expect(right.supporting).toBe(false);
    expect(segs.filter((s) => s.supporting)).toEqual([top]);
    for (const s of segs) expect(s.terrainId).toBe('b');
  });
});

describe('terrainSurfaces: ramp', () => {
  it("rise 'right': slope supports with normal up and toward the low (left) side; high wall does not", () => {
    const segs = terrainSurfaces({ id: 'r', shape: 'ramp', position: [0, 0], size: [600, 200], rise: 'right' });
    expect(segs.length).toBe(3);
    const slope = edgeNear(segs, [0, 0]);
    expect(slope.supporting).toBe(true);
    expect(slope.normal[0]).toBeCloseTo(-200 / Math.hypot(200, 600), 12);
    expect(slope.normal[1]).toBeCloseTo(-600 / Math.hypot(200, 600), 12);
    const wall = edgeNear(segs, [300, 0]);
    expect(wall.normal[0]).toBeCloseTo(1, 12);
    expect(wall.supporting).toBe(false);
    expect(edgeNear(segs, [0, 100]).supporting).toBe(false);
  });

  it("rise 'left': slope normal points up and right", () => {
    const segs = terrainSurfaces({ id: 'l', shape: 'ramp', position: [0, 0], size: [600, 200], rise: 'left' });
    const slope = edgeNear(segs, [0, 0]);
    expect(slope.supporting).toBe(true);
    expect(slope.normal[0]).toBeGreaterThan(0);
    expect(slope.normal[1]).toBeLessThan(0);
    expect(edgeNear(segs, [-300, 0]).supporting).toBe(false);
  });

  it('a slope steeper than 50° does not support', () => {
    const segs = terrainSurfaces({ id: 's', shape: 'ramp', position: [0, 0], size: [100, 200], rise: 'right' });
    expect(segs.some((s) => s.supporting)).toBe(false);
  });
});

describe('terrainSurfaces: rotated blocks', () => {
  it('45°: the two upper faces both support', () => {
    const segs = terrainSurfaces({ id: 'd', shape: 'block', position: [0, 0], size: [100, 100], rotation: Math.PI / 4 });
    const sup = segs.filter((s) => s.supporting);
    expect(sup.length).toBe(2);
    for (const s of sup) expect(s.normal[1]).toBeCloseTo(-Math.SQRT1_2, 12);
  });

  it('60°: the former top (normal.y = -0.5) no longer supports, the former left side does', () => {
    const segs = terrainSurfaces({ id: 'e', shape: 'block', position: [0, 0], size: [100, 100], rotation: Math.PI / 3 });
    const sup = segs.filter((s) => s.supporting);
    expect(sup.length).toBe(1);
    expect(sup[0].normal[1]).toBeCloseTo(-Math.sqrt(3) / 2, 12);
  });
});

describe('terrainSurfaces: stairs', () => {
  it('are the outer staircase only: n treads support, risers and the underside do not', () => {
    const t: TerrainInput = { id: 'st', shape: 'stairs', position: [0, 0], size: [500, 200], steps: 5, rise: 'right' };
    const segs = terrainSurfaces(t);
    expect(segs.length).toBe(12);
    const treads = segs.filter((s) => s.supporting);
    expect(treads.length).toBe(5);
    for (const s of treads) expect(s.normal).toEqual([0, -1]);
    expect(treads.map((s) => s.a[1]).sort((p, q) => p - q)).toEqual([-100, -60, -20, 20, 60]);
  });

  it('every surface is a true boundary: just outside is empty, just inside is solid (interior walls excluded)', () => {
    for (const t of MIXED_SCENE) {
      const pieces = terrainConvexPieces(t);
      const inside = (p: Vec2) => pieces.some((poly) => pointInConvexPolygon(p, poly));
      for (const s of terrainSurfaces(t)) {
        const m = mid(s);
        expect(inside([m[0] + s.normal[0] * 0.5, m[1] + s.normal[1] * 0.5])).toBe(false);
        expect(inside([m[0] - s.normal[0] * 0.5, m[1] - s.normal[1] * 0.5])).toBe(true);
      }
    }
  });

  it('collectSurfaces keeps scene order', () => {
    const all = collectSurfaces(MIXED_SCENE);
    const firstIds = [...new Set(all.map((s) => s.terrainId))];
    expect(firstIds).toEqual(MIXED_SCENE.map((t) => t.id));
  });
});
