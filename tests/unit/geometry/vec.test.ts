import { describe, it, expect } from 'vitest';
import {
  add,
  approxEqual,
  clamp,
  cross,
  dot,
  len,
  lerp,
  lerpVec,
  normalize,
  rotate,
  scale,
  sub,
} from '../../../core/geometry/vec';

describe('vec', () => {
  it('does component-wise arithmetic without mutating inputs', () => {
    const a: [number, number] = [1, 2];
    const b: [number, number] = [3, -5];
    expect(add(a, b)).toEqual([4, -3]);
    expect(sub(a, b)).toEqual([-2, 7]);
    expect(scale(a, 3)).toEqual([3, 6]);
    expect(dot(a, b)).toBe(-7);
    expect(cross(a, b)).toBe(1 * -5 - 2 * 3);
    expect(a).toEqual([1, 2]);
    expect(len([3, 4])).toBe(5);
  });

  it('normalize is zero-safe', () => {
    expect(normalize([0, 0])).toEqual([0, 0]);
    expect(normalize([0, -7])).toEqual([0, -1]);
    const n = normalize([3, 4]);
    expect(n[0]).toBeCloseTo(0.6, 12);
    expect(n[1]).toBeCloseTo(0.8, 12);
  });

  it('rotate turns +X toward +Y (clockwise on a +Y-down screen)', () => {
    const r = rotate([1, 0], Math.PI / 2);
    expect(r[0]).toBeCloseTo(0, 12);
    expect(r[1]).toBeCloseTo(1, 12);
    const back = rotate(r, -Math.PI / 2);
    expect(back[0]).toBeCloseTo(1, 12);
    expect(back[1]).toBeCloseTo(0, 12);
  });

  it('lerp, clamp and approxEqual', () => {
    expect(lerp(10, 20, 0.25)).toBe(12.5);
    expect(lerpVec([0, 0], [10, -10], 0.5)).toEqual([5, -5]);
    expect(clamp(5, 0, 3)).toBe(3);
    expect(clamp(-1, 0, 3)).toBe(0);
    expect(clamp(2, 0, 3)).toBe(2);
    expect(approxEqual(1, 1 + 1e-12)).toBe(true);
    expect(approxEqual(1, 1.001)).toBe(false);
    expect(approxEqual([1, 2], [1, 2.5], 0.6)).toBe(true);
    expect(approxEqual([1, 2], [1, 2.5])).toBe(false);
  });
});
