import { describe, it, expect } from 'vitest';
import { solveTwoBone, KNEE_BEND, ELBOW_BEND, type BendSign } from '../../../core/rig/ik';
import { type Vec2, distance, cross, sub } from '../../../core/rig/vec';

const L1 = 130;
const L2 = 130;
const mirror = (v: Vec2): Vec2 => [-v[0], v[1]];
const expectFinite = (v: Vec2) => {
  expect(Number.isFinite(v[0])).toBe(true);
  expect(Number.isFinite(v[1])).toBe(true);
};
/** Distance from point p to the infinite line through a and b. */
const distanceFromLine = (p: Vec2, a: Vec2, b: Vec2) => Math.abs(cross(sub(b, a), sub(p, a))) / distance(a, b);

describe('solveTwoBone', () => {
  it('reaches an in-reach target exactly and preserves both segment lengths', () => {
    const cases: Array<[Vec2, Vec2, number, number, BendSign]> = [
      [[0, 0], [30, 200], 130, 130, 1],
      [[10, -5], [-120, 40], 110, 90, -1],
      [[0, 0], [0, 25], 110, 90, 1],
      [[5, 5], [5 + 239.9, 5], 130, 110, -1],
    ];
    for (const [base, target, len1, len2, sign] of cases) {
      const result = solveTwoBone(base, target, len1, len2, sign);
      expect(result.reached).toBe(true);
      expect(distance(result.end, target)).toBeLessThan(1e-6);
      expect(distance(base, result.joint)).toBeCloseTo(len1, 6);
      expect(distance(result.joint, result.end)).toBeCloseTo(len2, 6);
      // A reached target with slack must actually bend (not a straight chain).
      expect(distanceFromLine(result.joint, base, target)).toBeGreaterThan(1);
    }
  });

  it('clamps a target beyond reach to full extension along the target direction', () => {
    const base: Vec2 = [100, 100];
    const target: Vec2 = [100 + 300, 100 + 400]; // distance 500 > 260
    const result = solveTwoBone(base, target, L1, L2, KNEE_BEND);
    expect(result.reached).toBe(false);
    expect(distance(base, result.end)).toBeCloseTo(L1 + L2, 9);
    expect(distance(base, result.joint)).toBeCloseTo(L1, 9);
    // Collinear with the base→target line, joint between base and end.
    expect(distanceFromLine(result.joint, base, target)).toBeLessThan(1e-9);
    expect(distanceFromLine(result.end, base, target)).toBeLessThan(1e-9);
    expect(result.end[0]).toBeCloseTo(100 + 0.6 * 260, 9);
    expect(result.end[1]).toBeCloseTo(100 + 0.8 * 260, 9);
  });

  it('bends knees forward (+X) and elbows back (−X) for a target straight below', () => {
    const hip: Vec2 = [0, -250];
    const knee = solveTwoBone(hip, [0, 0], L1, L2, KNEE_BEND).joint;
    expect(knee[0]).toBeGreaterThan(10);
    expect(knee[1]).toBeGreaterThan(-250);
    expect(knee[1]).toBeLessThan(0);

    const shoulder: Vec2 = [0, -420];
    const elbow = solveTwoBone(shoulder, [0, -220], 110, 110, ELBOW_BEND).joint;
    expect(elbow[0]).toBeLessThan(-10);
  });

  it('is mirror symmetric: mirroring the problem and flipping the sign mirrors the joint', () => {
    const base: Vec2 = [20, -240];
    const targets: Vec2[] = [[40, 0], [-60, -30], [150, -200], [0, -240], [500, 300]];
    for (const target of targets) {
      for (const sign of [1, -1] as BendSign[]) {
        const original = solveTwoBone(base, target, 130, 120, sign);
        // Mirroring X flips handedness, so the same anatomical side is the opposite sign.
        const mirrored = solveTwoBone(mirror(base), mirror(target), 130, 120, (-sign) as BendSign);
        expect(mirrored.joint[0]).toBeCloseTo(-original.joint[0], 9);
        expect(mirrored.joint[1]).toBeCloseTo(original.joint[1], 9);
        expect(mirrored.end[0]).toBeCloseTo(-original.end[0], 9);
        expect(mirrored.end[1]).toBeCloseTo(original.end[1], 9);
        // Keeping the same sign in the mirrored frame puts the joint on the other side.
        const sameSign = solveTwoBone(mirror(base), mirror(target), 130, 120, sign);
        if (original.reached && distanceFromLine(original.joint, base, target) > 1e-6) {
          expect(distance(sameSign.joint, mirror(original.joint))).toBeGreaterThan(1e-3);
        }
      }
    }
  });

  it('gives finite, length-preserving results for degenerate targets', () => {
    const base: Vec2 = [0, 0];
    const targets: Vec2[] = [
      [0, 0],
      [1e-12, 0],
      [0, -1e-300],
      [1e-7, 1e-7],
      [1e9, 1e9],
      [-1e9, 3],
    ];
    for (const target of targets) {
      for (const [len1, len2] of [[130, 130], [130, 100]] as const) {
        const result = solveTwoBone(base, target, len1, len2, KNEE_BEND);
        expectFinite(result.joint);
        expectFinite(result.end);
        expect(distance(base, result.joint)).toBeCloseTo(len1, 6);
        expect(distance(result.joint, result.end)).toBeCloseTo(len2, 6);
      }
    }
  });

  it('folds to minimum reach inside |len1 − len2| and falls back to straight down with no direction', () => {
    const inside = solveTwoBone([0, 0], [5, 0], 130, 100, KNEE_BEND);
    expect(inside.reached).toBe(false);
    expect(inside.end[0]).toBeCloseTo(30, 9);
    expect(inside.end[1]).toBeCloseTo(0, 9);
    expect(inside.joint[0]).toBeCloseTo(130, 9);

    const onBase = solveTwoBone([0, 0], [0, 0], 130, 100, KNEE_BEND);
    expect(onBase.end[0]).toBeCloseTo(0, 9);
    expect(onBase.end[1]).toBeCloseTo(30, 9); // straight down
    expect(onBase.joint[1]).toBeCloseTo(130, 9);

    // Equal bones: target on the base is reachable (folded flat); the knee still goes forward.
    const equal = solveTwoBone([0, 0], [0, 0], 130, 130, KNEE_BEND);
    expect(equal.reached).toBe(true);
    expect(equal.joint[0]).toBeCloseTo(130, 9);
    expect(equal.joint[1]).toBeCloseTo(0, 9);
  });

  it('treats a non-finite target as having no direction instead of producing NaN', () => {
    for (const target of [[NaN, 0], [Infinity, 5], [0, -Infinity]] as Vec2[]) {
      const result = solveTwoBone([0, 0], target, 130, 130, KNEE_BEND);
      expect(result.reached).toBe(false);
      expectFinite(result.joint);
      expectFinite(result.end);
    }
  });

  it('moves the joint continuously when the target crosses the full-reach boundary', () => {
    const base: Vec2 = [0, 0];
    const direction: Vec2 = [0.28, 0.96];
    const maxJointStep = (step: number) => {
      let previous = solveTwoBone(base, [direction[0] * 259, direction[1] * 259], L1, L2, KNEE_BEND).joint;
      let largest = 0;
      for (let d = 259 + step; d <= 261; d += step) {
        const joint = solveTwoBone(base, [direction[0] * d, direction[1] * d], L1, L2, KNEE_BEND).joint;
        largest = Math.max(largest, distance(previous, joint));
        previous = joint;
      }
      return largest;
    };
    // Exact IK moves the joint like sqrt(distance) near full reach, so the largest per-step
    // movement must shrink with the step size — a snap would not.
    const coarse = maxJointStep(0.01);
    const fine = maxJointStep(0.0001);
    expect(coarse).toBeLessThan(1.5);
    expect(fine).toBeLessThan(0.15);
    expect(fine).toBeLessThan(coarse / 5);
  });
});
