import { describe, expect, it } from 'vitest';
import { arcPointAt, sampleThrowArc, truncateArc, truncateArcAtFraction } from '../../../core/props/throwArc';
import { solveThrow } from '../../../core/props/throwSolver';
import type { Vec2 } from '../../../core/geometry/vec';

const G: Vec2 = [0, 980];

describe('sampleThrowArc', () => {
  it('starts at the release point and holds one point per fixed step', () => {
    const points = sampleThrowArc([10, 20], [600, -300], G, 30);
    expect(points).toHaveLength(31);
    expect(points[0]).toEqual([10, 20]);
  });

  it('moves the prop exactly as the 4-substep integrator does (closed form, N = 4n substeps of dt/4)', () => {
    const v: Vec2 = [750, -420];
    const points = sampleThrowArc([0, 0], v, G, 90);
    const h = 1 / 240;
    for (const n of [1, 7, 45, 90]) {
      const N = 4 * n;
      expect(points[n][0]).toBeCloseTo(N * h * v[0], 9);
      expect(points[n][1]).toBeCloseTo(N * h * v[1] + G[1] * h * h * N * (N + 1) / 2, 9);
    }
  });

  it('ends on the target at the solved step for a solved throw', () => {
    const release: Vec2 = [400, 1500];
    const target: Vec2 = [2400, 1800];
    const sol = solveThrow(release, target, G);
    expect(sol.ok).toBe(true);
    if (!sol.ok) return;
    const points = sampleThrowArc(release, sol.velocity, G, sol.steps);
    const end = points[sol.steps];
    expect(Math.hypot(end[0] - target[0], end[1] - target[1])).toBeLessThan(1e-6);
    expect(points[sol.steps][1]).toBeGreaterThan(points[sol.steps - 1][1]); // descending into it
  });

  it('applies linear damping like the engine', () => {
    const free = sampleThrowArc([0, 0], [800, 0], [0, 0], 60);
    const damped = sampleThrowArc([0, 0], [800, 0], [0, 0], 60, { linearDamping: 1 });
    expect(free[60][0]).toBeCloseTo(800, 6);
    expect(damped[60][0]).toBeLessThan(free[60][0] - 100);
  });
});

describe('arc truncation', () => {
  const points: Vec2[] = [[0, 0], [10, 0], [20, 5], [30, 15]];

  it('interpolates a fractional step position and clamps to the ends', () => {
    expect(arcPointAt(points, 1.5)).toEqual([15, 2.5]);
    expect(arcPointAt(points, 2)).toEqual([20, 5]);
    expect(arcPointAt(points, -3)).toEqual([0, 0]);
    expect(arcPointAt(points, 99)).toEqual([30, 15]);
  });

  it('cuts at a cast hit (segment 1, time of impact 0.25) and keeps the steps before it', () => {
    expect(truncateArc(points, 1.25)).toEqual([[0, 0], [10, 0], [12.5, 1.25]]);
    expect(truncateArc(points, 2)).toEqual([[0, 0], [10, 0], [20, 5]]);
    expect(truncateArc(points, 3)).toEqual(points);
  });

  it('cuts at a fraction of the whole flight', () => {
    expect(truncateArcAtFraction(points, 0.5)).toEqual([[0, 0], [10, 0], [15, 2.5]]);
    expect(truncateArcAtFraction(points, 1)).toEqual(points);
    expect(truncateArcAtFraction(points, 0)).toEqual([[0, 0]]);
  });

  it('returns copies: truncating never mutates the sampled arc', () => {
    const cut = truncateArc(points, 1);
    cut[0][0] = 99;
    expect(points[0]).toEqual([0, 0]);
  });
});
