import { describe, it, expect } from 'vitest';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { DEFAULT_STANCE_HALF_WIDTH, MARKER_NAMES, defaultStandingPose, validateMarkerPose } from '../../../core/rig/markers';
import { distance } from '../../../core/rig/vec';

const P = DEFAULT_PROPORTIONS;

describe('markers', () => {
  it('names exactly the five seed IK targets', () => {
    expect([...MARKER_NAMES]).toEqual(['Left_Hand', 'Right_Hand', 'Left_Leg', 'Right_Leg', 'Torso']);
  });

  it('default stance: feet on the ground either side of the root, pelvis above it, legs slightly bent', () => {
    const pose = defaultStandingPose(P);
    expect(pose.Left_Leg[1]).toBe(0);
    expect(pose.Right_Leg[1]).toBe(0);
    expect(Math.abs(pose.Left_Leg[0])).toBeCloseTo(DEFAULT_STANCE_HALF_WIDTH, 9);
    // A stance, not feet together: the two foot dots stay apart at the fitted zoom (issue 22).
    expect(2 * DEFAULT_STANCE_HALF_WIDTH).toBeGreaterThanOrEqual(45);
    expect(pose.Left_Leg[0]).toBeCloseTo(-pose.Right_Leg[0], 9);
    expect(pose.Torso[0]).toBe(0);
    const legLength = P.upperLeg + P.lowerLeg;
    for (const foot of [pose.Left_Leg, pose.Right_Leg]) {
      const extension = distance(pose.Torso, foot) / legLength;
      expect(extension).toBeGreaterThan(0.95);
      expect(extension).toBeLessThan(1);
    }
  });

  it('default stance: hands hang within reach near the hips, a little away from the body line, one in front and one behind', () => {
    const pose = defaultStandingPose(P);
    const shoulder: [number, number] = [pose.Torso[0], pose.Torso[1] - P.torso];
    const armLength = P.upperArm + P.lowerArm;
    for (const hand of [pose.Left_Hand, pose.Right_Hand]) {
      expect(distance(shoulder, hand)).toBeLessThan(armLength);
      expect(Math.abs(hand[1] - pose.Torso[1])).toBeLessThan(60);
      // Far enough out that the arms read apart from the torso and legs (issue 22: at 22 px the
      // figures looked like poles), close enough to still hang.
      expect(Math.abs(hand[0])).toBeGreaterThanOrEqual(40);
      expect(Math.abs(hand[0])).toBeLessThan(70);
    }
    expect(Math.sign(pose.Left_Hand[0])).toBe(-Math.sign(pose.Right_Hand[0]));
  });

  it('validates: a good pose has no issues; missing or non-finite markers are reported by name', () => {
    expect(validateMarkerPose(defaultStandingPose(P))).toEqual([]);
    const bad = { ...defaultStandingPose(P), Left_Hand: [NaN, 0], Torso: [0, Infinity] } as Record<string, unknown>;
    delete bad.Right_Leg;
    const issues = validateMarkerPose(bad);
    expect(issues.map((issue) => issue.marker).sort()).toEqual(['Left_Hand', 'Right_Leg', 'Torso']);
    expect(issues.find((issue) => issue.marker === 'Left_Hand')?.message).toMatch(/x is not a finite/);
    expect(issues.find((issue) => issue.marker === 'Torso')?.message).toMatch(/y is not a finite/);
    expect(validateMarkerPose({ ...defaultStandingPose(P), Torso: ['1', 2] as unknown })).toHaveLength(1);
  });
});
