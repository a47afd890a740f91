import { describe, expect, it } from 'vitest';
import { MAX_THROW_RANGE, THROW_NOOP_DISTANCE, effectiveThrowTarget } from '../../../core/props/throwTarget';
import type { Vec2 } from '../../../core/geometry/vec';

const root: Vec2 = [600, 2000];

describe('effectiveThrowTarget (seed §1.2 range cap)', () => {
  it('keeps the seed numbers: 3600 px range, 4 px no-op', () => {
    expect(MAX_THROW_RANGE).toBe(3600);
    expect(THROW_NOOP_DISTANCE).toBe(4);
  });

  it('returns a point within range exactly as saved, unclamped', () => {
    for (const raw of [[1800, 2000], [600, 1200], [-1000, 600], [600 + 3600, 2000]] as Vec2[]) {
      const result = effectiveThrowTarget(root, raw);
      expect(result).toEqual({ kind: 'target', point: raw, clamped: false });
      if (result.kind === 'target') expect(result.point).not.toBe(raw); // a copy, the saved point is untouched
    }
  });

  it('projects a point beyond range onto the 3600 px radius along root→raw', () => {
    const raw: Vec2 = [600 + 6000, 2000 - 8000]; // 10 000 px away along (0.6, −0.8)
    const result = effectiveThrowTarget(root, raw);
    expect(result.kind).toBe('target');
    if (result.kind !== 'target') return;
    expect(result.clamped).toBe(true);
    expect(result.point[0]).toBeCloseTo(600 + 0.6 * 3600, 9);
    expect(result.point[1]).toBeCloseTo(2000 - 0.8 * 3600, 9);
    expect(Math.hypot(result.point[0] - root[0], result.point[1] - root[1])).toBeCloseTo(3600, 9);
    expect(raw).toEqual([6600, -6000]); // the raw saved point is kept as is
  });

  it('re-clamps from the current root: the same saved point clamps differently once the actor has moved', () => {
    const raw: Vec2 = [5000, 2000];
    expect(effectiveThrowTarget([600, 2000], raw)).toEqual({ kind: 'target', point: [4200, 2000], clamped: true });
    expect(effectiveThrowTarget([2000, 2000], raw)).toEqual({ kind: 'target', point: [5000, 2000], clamped: false });
  });

  it('is a no-op within 4 px of the root (inclusive) and a throw just past it', () => {
    expect(effectiveThrowTarget(root, root)).toEqual({ kind: 'noop' });
    expect(effectiveThrowTarget(root, [603, 2002])).toEqual({ kind: 'noop' }); // √13 ≈ 3.6 px
    expect(effectiveThrowTarget(root, [604, 2000])).toEqual({ kind: 'noop' });
    expect(effectiveThrowTarget(root, [604.01, 2000])).toEqual({ kind: 'target', point: [604.01, 2000], clamped: false });
  });

  it('never turns a non-finite point into a target', () => {
    expect(effectiveThrowTarget(root, [Number.NaN, 2000])).toEqual({ kind: 'noop' });
    expect(effectiveThrowTarget(root, [Infinity, 2000])).toEqual({ kind: 'noop' });
  });
});
