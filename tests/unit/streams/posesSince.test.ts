import { describe, expect, it } from 'vitest';
import { poseChangedSince } from '../../../streams/runtime/posesSince';

describe('poseChangedSince', () => {
  it('says whether a prop moved since the copy, and catches the copy up when it did', () => {
    const poses = new Float64Array([1, 2, 0.5, 3, 4, 0]);
    const since = new Float64Array([1, 2, 0.5, 0, 0, 0]);
    expect(poseChangedSince(poses, since, 0)).toBe(false);
    expect(poseChangedSince(poses, since, 1)).toBe(true);
    expect(Array.from(since)).toEqual([1, 2, 0.5, 3, 4, 0]);
    expect(poseChangedSince(poses, since, 1)).toBe(false);
    // A rotation alone is a move.
    poses[5] = 0.1;
    expect(poseChangedSince(poses, since, 1)).toBe(true);
  });

  it('counts a non-finite pose as moved every time (NaN equals nothing)', () => {
    const poses = new Float64Array([Number.NaN, 0, 0]);
    const since = new Float64Array(3);
    expect(poseChangedSince(poses, since, 0)).toBe(true);
    expect(poseChangedSince(poses, since, 0)).toBe(true);
  });
});
