/** The turn round's pose blend (issue 19 §1): mirroring keeps the stage pose, the difference fades out and leaves the live pose exactly. */
import { describe, expect, it } from 'vitest';
import { defaultStandingPose } from '../../../core/rig/markers';
import { mirroredPose, poseDifference, TURN_BLEND_SECONDS, turnWeight, withPoseDifference } from '../../../core/rig/poseBlend';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { applyImpactReactions, ImpactReactions, mirrorReactions } from '../../../core/rig/reactions';
import { PART_NAMES, solvePose } from '../../../core/rig/skeleton';
import { toWorld } from '../../../core/rig/worldPose';

const crouched = solvePose({ ...defaultStandingPose(DEFAULT_PROPORTIONS), Right_Hand: [190, -30] }, DEFAULT_PROPORTIONS, { torsoLean: 0.8 });

describe('turning round', () => {
  it('the mirrored pose seen from the other facing is the same stage pose, point for point', () => {
    const before = toWorld(crouched, [800, 1400], 'RIGHT');
    const after = toWorld(mirroredPose(crouched), [800, 1400], 'LEFT');
    for (const name of PART_NAMES) {
      expect(after[name].start[0]).toBeCloseTo(before[name].start[0], 9);
      expect(after[name].start[1]).toBeCloseTo(before[name].start[1], 9);
      expect(after[name].end[0]).toBeCloseTo(before[name].end[0], 9);
      expect(after[name].end[1]).toBeCloseTo(before[name].end[1], 9);
    }
  });

  it('the difference shows the pose turned from at the start and fades to the live pose by TURN_BLEND_SECONDS', () => {
    const from = mirroredPose(crouched);
    const live = solvePose(defaultStandingPose(DEFAULT_PROPORTIONS), DEFAULT_PROPORTIONS);
    const d = poseDifference(from, live);
    const start = withPoseDifference(live, d, turnWeight(0));
    expect(start.head.end[0]).toBeCloseTo(from.head.end[0], 9);
    expect(start.right_upper_arm.end[1]).toBeCloseTo(from.right_upper_arm.end[1], 9);
    expect(withPoseDifference(live, d, turnWeight(TURN_BLEND_SECONDS))).toBe(live);
    // Eased, monotone, and joined parts stay joined halfway.
    const weights = Array.from({ length: 19 }, (_, i) => turnWeight((i * TURN_BLEND_SECONDS) / 18));
    weights.slice(1).forEach((w, i) => expect(w).toBeLessThanOrEqual(weights[i]));
    expect(weights[1]).toBeGreaterThan(0.98);
    const half = withPoseDifference(live, d, 0.5);
    expect(half.right_lower_arm.start).toEqual(half.right_upper_arm.end);
    expect(half.left_lower_leg.start).toEqual(half.left_upper_leg.end);
    expect(half.torso.end).toEqual(half.head.start);
  });

  it('a flinch under way bends the same way on the stage after the turn', () => {
    const reactions = (): ImpactReactions => new ImpactReactions([['RightUpperArm', { angle: 0.4, strength: 1, decay: 0.4 }], ['Torso', { angle: -0.2, strength: 1, decay: 0.4 }]]);
    const before = toWorld(applyImpactReactions(crouched, reactions(), 0), [800, 1400], 'RIGHT');
    const turned = reactions();
    mirrorReactions(turned);
    const after = toWorld(applyImpactReactions(mirroredPose(crouched), turned, 0), [800, 1400], 'LEFT');
    for (const name of PART_NAMES) {
      expect(after[name].end[0]).toBeCloseTo(before[name].end[0], 9);
      expect(after[name].end[1]).toBeCloseTo(before[name].end[1], 9);
    }
  });
});
