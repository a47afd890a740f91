import { describe, expect, it } from 'vitest';
import { STAND_UP_ENTRY_SECONDS, entryCorrection, entryWeight, fitKey, withEntryCorrection } from '../../../core/ragdoll';
import { defaultStandingPose } from '../../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { PART_NAMES, solvePose } from '../../../core/rig/skeleton';
import { toWorld, type WorldPose } from '../../../core/rig/worldPose';

/** A lying pose IK cannot reproduce: the standing pose turned over, one forearm stretched 6 px. */
function lying(): WorldPose {
  const w = toWorld(solvePose(defaultStandingPose(DEFAULT_PROPORTIONS), DEFAULT_PROPORTIONS), [1000, 1400], 'LEFT');
  const out = {} as WorldPose;
  for (const n of PART_NAMES) {
    const p = w[n];
    // Rotate a quarter turn about the root: it lies on its back.
    const r = (v: readonly number[]): [number, number] => [1000 + (v[1] - 1400), 1400 - (v[0] - 1000)];
    out[n] = { ...p, start: r(p.start), end: r(p.end) };
  }
  out.left_lower_arm = { ...out.left_lower_arm, end: [out.left_lower_arm.end[0] + 6, out.left_lower_arm.end[1]] };
  return out;
}

describe('stand-up entry correction', () => {
  it('at weight 1 the solved key is the lying pose exactly; at 0 it is the solve', () => {
    const captured = lying();
    const root: [number, number] = [captured.torso.start[0], 1400];
    const key = fitKey(captured, root, 'LEFT');
    const solved = solvePose(key.markers, DEFAULT_PROPORTIONS, { torsoLean: key.torsoLean, headLean: key.headLean });
    const c = entryCorrection(captured, root, 'LEFT', solved);
    expect(Math.max(...c.map(Math.abs))).toBeGreaterThan(1); // IK alone would pop
    const at1 = toWorld(withEntryCorrection(solved, c, 1), root, 'LEFT');
    for (const n of PART_NAMES) {
      expect(at1[n].start[0]).toBeCloseTo(captured[n].start[0], 6);
      expect(at1[n].end[1]).toBeCloseTo(captured[n].end[1], 6);
    }
    expect(withEntryCorrection(solved, c, 0)).toBe(solved);
  });

  it('fades from 1 to 0 over STAND_UP_ENTRY_SECONDS, never jumping', () => {
    expect(entryWeight(0)).toBe(1);
    expect(entryWeight(STAND_UP_ENTRY_SECONDS)).toBe(0);
    expect(entryWeight(5)).toBe(0);
    let last = 1;
    for (let t = 1 / 60; t < STAND_UP_ENTRY_SECONDS; t += 1 / 60) {
      const w = entryWeight(t);
      expect(w).toBeLessThan(last);
      expect(last - w).toBeLessThan(0.15);
      last = w;
    }
  });
});
