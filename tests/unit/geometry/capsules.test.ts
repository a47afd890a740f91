import { describe, expect, it } from 'vitest';
import { capsuleGap, closestPoints } from '../../../core/geometry/capsules';

describe('closestPoints', () => {
  it('crossing segments meet at distance 0', () => {
    const c = closestPoints([0, 0], [10, 10], [0, 10], [10, 0]);
    expect(c.distance).toBeCloseTo(0, 9);
    expect(c.p[0]).toBeCloseTo(5, 9);
  });
  it('parallel segments: the gap between them', () => {
    expect(closestPoints([0, 0], [10, 0], [2, 3], [8, 3]).distance).toBeCloseTo(3, 9);
  });
  it('end to end, and a point (zero-length segment) against a segment', () => {
    const c = closestPoints([0, 0], [1, 0], [4, 4], [4, 10]);
    expect(c.p).toEqual([1, 0]);
    expect(c.q).toEqual([4, 4]);
    expect(c.distance).toBeCloseTo(5, 9);
    expect(closestPoints([5, 5], [5, 5], [0, 0], [10, 0]).distance).toBeCloseTo(5, 9);
  });
  it('agrees with brute force on random segments', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 100;
    for (let n = 0; n < 300; n += 1) {
      const a: [number, number] = [rnd(), rnd()];
      const b: [number, number] = [rnd(), rnd()];
      const c: [number, number] = [rnd(), rnd()];
      const d: [number, number] = [rnd(), rnd()];
      let best = Infinity;
      for (let i = 0; i <= 200; i += 1) {
        for (let j = 0; j <= 200; j += 1) {
          const s = i / 200;
          const t = j / 200;
          best = Math.min(best, Math.hypot(a[0] + (b[0] - a[0]) * s - c[0] - (d[0] - c[0]) * t, a[1] + (b[1] - a[1]) * s - c[1] - (d[1] - c[1]) * t));
        }
      }
      expect(closestPoints(a, b, c, d).distance).toBeLessThanOrEqual(best + 1e-9);
      expect(closestPoints(a, b, c, d).distance).toBeGreaterThan(best - 1.5);
    }
  });
});

describe('capsuleGap', () => {
  it('subtracts both radii: touching at 0, overlapping below', () => {
    expect(capsuleGap({ a: [0, 0], b: [0, 10], radius: 2 }, { a: [5, 0], b: [5, 10], radius: 3 }).gap).toBeCloseTo(0, 9);
    expect(capsuleGap({ a: [0, 0], b: [0, 10], radius: 2 }, { a: [4, 5], b: [4, 5], radius: 3 }).gap).toBeCloseTo(-1, 9);
  });
});
