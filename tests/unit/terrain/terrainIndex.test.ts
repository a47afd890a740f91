import { describe, it, expect } from 'vitest';
import type { TerrainInput } from '../../../core/geometry/terrainShapes';
import type { Vec2 } from '../../../core/geometry/vec';
import { type TerrainSegment, collectSurfaces, segmentYAtX } from '../../../core/terrain/surfaces';
import { type TerrainIndex, createTerrainIndex } from '../../../core/terrain/terrainIndex';
import { MIXED_SCENE, mulberry32 } from './fixtures';

const GROUND: TerrainInput = { id: 'ground', shape: 'block', position: [3000, 2200], size: [6000, 400] };

describe('probeDown: basic surfaces', () => {
  const index = createTerrainIndex([
    GROUND,
    { id: 'ramp-r', shape: 'ramp', position: [2000, 1900], size: [600, 200], rise: 'right' },
    { id: 'ramp-l', shape: 'ramp', position: [1000, 1900], size: [600, 200], rise: 'left' },
    { id: 'stairs-l', shape: 'stairs', position: [3000, 1900], size: [500, 200], steps: 5, rise: 'left' },
    { id: 'stairs-r', shape: 'stairs', position: [4000, 1900], size: [500, 200], steps: 5, rise: 'right' },
  ]);

  it('finds a flat block top at the right height', () => {
    const hit = index.probeDown(500, 1900, 500);
    expect(hit).toEqual({ point: [500, 2000], normal: [0, -1], distance: 100, terrainId: 'ground' });
  });

  it('interpolates ramp height linearly for both rises', () => {
    for (let k = 1; k < 20; k++) {
      const f = k / 20;
      const r = index.probeDown(1700 + 600 * f, 1500, 1000);
      expect(r?.terrainId).toBe('ramp-r');
      expect(r!.point[1]).toBeCloseTo(2000 - 200 * f, 9);
      expect(r!.normal[0]).toBeLessThan(0);
      const l = index.probeDown(700 + 600 * f, 1500, 1000);
      expect(l?.terrainId).toBe('ramp-l');
      expect(l!.point[1]).toBeCloseTo(1800 + 200 * f, 9);
      expect(l!.normal[0]).toBeGreaterThan(0);
    }
  });

  it('gives step heights on stairs (both rises)', () => {
    for (let i = 0; i < 5; i++) {
      // rise 'left': column nearest x=2750 is the tallest
      const left = index.probeDown(2800 + 100 * i, 1500, 1000);
      expect(left?.terrainId).toBe('stairs-l');
      expect(left!.point[1]).toBeCloseTo(1800 + 40 * i, 9);
      const right = index.probeDown(3800 + 100 * i, 1500, 1000);
      expect(right?.terrainId).toBe('stairs-r');
      expect(right!.point[1]).toBeCloseTo(1960 - 40 * i, 9);
    }
  });

  it('a ray starting exactly on a surface hits it at distance 0; maxDistance is inclusive', () => {
    expect(index.probeDown(500, 2000, 0)?.distance).toBe(0);
    expect(index.probeDown(500, 1900, 100)?.distance).toBe(100);
    expect(index.probeDown(500, 1900, 99.999)).toBeNull();
    expect(index.probeDown(500, 2000.001, 1000)).toBeNull(); // surface is above the start
  });

  it('returns null outside the terrain and for invalid input', () => {
    expect(index.probeDown(-10, 0, 1e6)).toBeNull();
    expect(index.probeDown(6010, 0, 1e6)).toBeNull();
    expect(index.probeDown(NaN, 0, 1e6)).toBeNull();
    expect(index.probeDown(500, 1900, -1)).toBeNull();
  });
});

describe('probeDown: ceilings, walls and gaps', () => {
  const index = createTerrainIndex([
    { id: 'left', shape: 'block', position: [500, 2200], size: [1000, 400] },
    { id: 'right', shape: 'block', position: [2500, 2200], size: [1000, 400] },
    { id: 'shelf', shape: 'block', position: [500, 1500], size: [200, 100] },
  ]);

  it('a ray from below a block underside passes the ceiling and finds the ground', () => {
    const hit = index.probeDown(500, 1600, 1000);
    expect(hit?.terrainId).toBe('left');
    expect(hit!.point[1]).toBe(2000);
  });

  it('a ray starting inside solid reports the next support below the start, not the top above', () => {
    const hit = index.probeDown(500, 1520, 1000);
    expect(hit?.terrainId).toBe('left');
    expect(hit!.point[1]).toBe(2000);
    expect(index.probeDown(500, 1400, 1000)?.terrainId).toBe('shelf');
  });

  it('a ray over the gap finds nothing', () => {
    expect(index.probeDown(1500, 0, 1e6)).toBeNull();
  });

  it('walls never support: a ray exactly along a vertical side gets the top, not the wall', () => {
    const hit = index.probeDown(1000, 1000, 2000);
    expect(hit?.normal).toEqual([0, -1]);
    expect(hit!.point[1]).toBe(2000);
  });
});

/** Reference: scan every supporting segment (same tie-break: nearest, then lowest number). */
function bruteProbeDown(segs: TerrainSegment[], x: number, yFrom: number, maxDistance: number) {
  let best: { y: number; d: number; id: string; normal: readonly number[] } | null = null;
  for (const s of segs) {
    if (!s.supporting) continue;
    if (x < Math.min(s.a[0], s.b[0]) || x > Math.max(s.a[0], s.b[0])) continue;
    const y = segmentYAtX(s, x);
    const d = y - yFrom;
    if (d >= 0 && d <= maxDistance && (best === null || d < best.d)) best = { y, d, id: s.terrainId, normal: s.normal };
  }
  return best;
}

describe('probeDown matches a brute-force scan', () => {
  const indexes: [string, TerrainIndex][] = [
    ['default columns', createTerrainIndex(MIXED_SCENE)],
    ['7 px columns', createTerrainIndex(MIXED_SCENE, 7)],
    ['one huge column', createTerrainIndex(MIXED_SCENE, 1e5)],
  ];

  it.each(indexes)('2,000 seeded random rays (%s)', (_name, index) => {
    const segs = collectSurfaces(MIXED_SCENE);
    const rand = mulberry32(0xc0ffee);
    let hits = 0;
    for (let n = 0; n < 2000; n++) {
      const x = -200 + rand() * 5000;
      const yFrom = 1200 + rand() * 1000;
      const maxDistance = rand() < 0.1 ? Infinity : rand() * 800;
      const got = index.probeDown(x, yFrom, maxDistance);
      const want = bruteProbeDown(segs, x, yFrom, maxDistance);
      if (want === null) {
        expect(got).toBeNull();
        continue;
      }
      hits++;
      expect(got).not.toBeNull();
      expect(got!.terrainId).toBe(want.id);
      expect(got!.point).toEqual([x, want.y]);
      expect(got!.distance).toBe(want.d);
      expect(got!.normal).toEqual(want.normal);
      expect(got!.normal[1]).toBeLessThan(0);
    }
    // Not vacuous: plenty of both outcomes.
    expect(hits).toBeGreaterThan(600);
    expect(hits).toBeLessThan(1900);
  });
});

describe('raycast', () => {
  const index = createTerrainIndex([
    GROUND,
    { id: 'wall', shape: 'block', position: [1000, 1900], size: [100, 200] },
    { id: 'ramp', shape: 'ramp', position: [2000, 1900], size: [600, 200], rise: 'right' },
  ]);

  it("hits a block's wall with the normal pointing back at the ray", () => {
    const right = index.raycast([800, 1950], [1, 0], 500);
    expect(right).toEqual({ point: [950, 1950], normal: [-1, 0], distance: 150, terrainId: 'wall', supporting: false });
    const left = index.raycast([1200, 1950], [-5, 0], 500);
    expect(left?.point[0]).toBe(1050);
    expect(left?.normal[0]).toBe(1);
    expect(left?.distance).toBe(150);
  });

  it('respects maxDistance (inclusive) and ignores faces it exits through', () => {
    expect(index.raycast([800, 1950], [1, 0], 149.9)).toBeNull();
    expect(index.raycast([800, 1950], [1, 0], 150)?.terrainId).toBe('wall');
    // Starts inside the wall: leaves through its right face, then enters the ramp's slope.
    const fromInside = index.raycast([1000, 1950], [1, 0], 2000);
    expect(fromInside?.terrainId).toBe('ramp');
    expect(fromInside!.point[0]).toBeCloseTo(1700 + 600 * (50 / 200), 9);
    expect(fromInside!.supporting).toBe(true);
    expect(fromInside!.normal[0]).toBeLessThan(0);
  });

  it('a downward ray reports the top surface; an upward ray from below hits the underside (non-supporting)', () => {
    const down = index.raycast([1000, 1000], [0, 1], 5000);
    expect(down).toMatchObject({ point: [1000, 1800], normal: [0, -1], terrainId: 'wall', supporting: true });
    const up = index.raycast([500, 2500], [0, -1], 5000);
    expect(up).toEqual({ point: [500, 2400], normal: [0, 1], distance: 100, terrainId: 'ground', supporting: false });
    // Starts inside the ground and leaves through its top: there is no face it enters.
    expect(index.raycast([500, 2300], [0, -1], 5000)).toBeNull();
  });

  it('filter skips segments', () => {
    const hit = index.raycast([800, 1950], [1, 0], 2000, (s) => s.terrainId !== 'wall');
    expect(hit?.terrainId).toBe('ramp');
  });

  it('matches a brute-force scan of entering faces for 2,000 seeded random rays', () => {
    const index2 = createTerrainIndex(MIXED_SCENE);
    const segs = collectSurfaces(MIXED_SCENE);
    const rand = mulberry32(42);
    let hits = 0;
    for (let n = 0; n < 2000; n++) {
      const o: Vec2 = [-200 + rand() * 5000, 1200 + rand() * 1000];
      const a = rand() * 2 * Math.PI;
      const dir: Vec2 = rand() < 0.3 ? [rand() < 0.5 ? -1 : 1, 0] : [Math.cos(a), Math.sin(a)];
      const maxD = rand() * 1500;
      let bestT = Infinity;
      let bestId: string | null = null;
      for (const s of segs) {
        const ex = s.b[0] - s.a[0];
        const ey = s.b[1] - s.a[1];
        const l = Math.hypot(dir[0], dir[1]);
        const dx = dir[0] / l;
        const dy = dir[1] / l;
        if (dx * s.normal[0] + dy * s.normal[1] >= 0) continue; // only faces the ray enters
        const denom = dx * ey - dy * ex;
        const wx = s.a[0] - o[0];
        const wy = s.a[1] - o[1];
        const t = (wx * ey - wy * ex) / denom;
        const u = (wx * dy - wy * dx) / denom;
        if (t >= 0 && t <= maxD && u >= 0 && u <= 1 && t < bestT) {
          bestT = t;
          bestId = s.terrainId;
        }
      }
      const got = index2.raycast(o, dir, maxD);
      if (bestId === null) {
        expect(got).toBeNull();
        continue;
      }
      hits++;
      expect(got?.terrainId).toBe(bestId);
      expect(got!.distance).toBeCloseTo(bestT, 9);
      expect(got!.normal[0] * dir[0] + got!.normal[1] * dir[1]).toBeLessThan(0);
    }
    expect(hits).toBeGreaterThan(300);
  });
});

describe('height-only queries agree with the full ones bit for bit', () => {
  const index = createTerrainIndex(MIXED_SCENE);
  const walls = (s: TerrainSegment) => !s.supporting;

  it('probeDownY is probeDown\'s point[1] (or null), for 2,000 seeded random rays', () => {
    const rand = mulberry32(0xbeef);
    let hits = 0;
    for (let n = 0; n < 2000; n++) {
      const x = -200 + rand() * 5000;
      const yFrom = 1200 + rand() * 1000;
      const maxDistance = rand() < 0.1 ? Infinity : rand() * 800;
      const full = index.probeDown(x, yFrom, maxDistance);
      const y = index.probeDownY(x, yFrom, maxDistance);
      if (full) hits++;
      expect(Object.is(y, full ? full.point[1] : null)).toBe(true);
    }
    expect(hits).toBeGreaterThan(600);
  });

  it('rayDistance is raycast\'s distance along each axis direction (or null), with and without a filter', () => {
    const rand = mulberry32(7);
    let hits = 0;
    const axes: Vec2[] = [[1, 0], [-1, 0], [0, 1], [0, -1]];
    for (let n = 0; n < 2000; n++) {
      const o: Vec2 = [-200 + rand() * 5000, 1200 + rand() * 1000];
      const dir = axes[n % 4];
      const maxD = rand() * 1500;
      const filter = n % 8 < 4 ? walls : undefined;
      const full = index.raycast(o, dir, maxD, filter);
      const d = index.rayDistance(o[0], o[1], dir[0], dir[1], maxD, filter);
      if (full) {
        hits++;
        expect(d).toBe(full.distance);
        // raycast's point is the origin plus the unit direction times that distance.
        expect(full.point).toEqual([o[0] + dir[0] * d!, o[1] + dir[1] * d!]);
      } else expect(d).toBeNull();
    }
    expect(hits).toBeGreaterThan(300);
    expect(hits).toBeLessThan(1900);
  });

  it('rayDistance rejects what raycast rejects (non-finite origin, negative reach)', () => {
    expect(index.rayDistance(NaN, 1500, 1, 0, 100)).toBeNull();
    expect(index.rayDistance(500, Infinity, 0, -1, 100)).toBeNull();
    expect(index.rayDistance(500, 1500, 0, 1, -1)).toBeNull();
  });
});
