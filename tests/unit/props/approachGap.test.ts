import { describe, expect, it } from 'vitest';
import { APPROACH_GAP, GAP_MARGIN, approachGap, choosePickup, crouchFor } from '../../../core/props/pickup';
import { defaultStandingPose } from '../../../core/rig/markers';
import { DEFAULT_PROPORTIONS as P } from '../../../core/rig/proportions';

const pelvis = defaultStandingPose(P).Torso;
const ROOT_Y = 1400;
const reachesAt = (gap: number, y: number) => crouchFor([gap, y - ROOT_Y], pelvis, P) !== null;

describe('approachGap (issue 19: a stand point the grip is reachable from)', () => {
  it('keeps APPROACH_GAP where it reaches (a grip at hip height, one on the floor)', () => {
    expect(approachGap([0, ROOT_Y - 250], ROOT_Y, pelvis, P)).toBe(APPROACH_GAP);
    expect(approachGap([0, ROOT_Y - 10], ROOT_Y, pelvis, P)).toBe(APPROACH_GAP);
  });

  it('stands closer for a grip high up that APPROACH_GAP cannot reach, with the margin to spare', () => {
    const y = ROOT_Y - 625;
    expect(reachesAt(APPROACH_GAP, y)).toBe(false);
    const gap = approachGap([0, y], ROOT_Y, pelvis, P)!;
    expect(gap).toBeLessThan(APPROACH_GAP);
    for (const d of [-GAP_MARGIN, 0, GAP_MARGIN]) if (gap + d >= 0) expect(reachesAt(gap + d, y)).toBe(true);
  });

  it('null where no stand point reaches: the pickup is skipped at once, not walked to', () => {
    expect(approachGap([0, ROOT_Y - 900], ROOT_Y, pelvis, P)).toBeNull();
    const choice = choosePickup({
      grips: [{ id: 'g', role: 'handle', hands: ['left', 'right'], position: [0, 0], rotation: 0, z_offset: 0, primary: true }] as never,
      prop: { position: [2000, ROOT_Y - 900], rotation: 0 }, hand: 'auto', root: [600, ROOT_Y], facing: 'RIGHT', pelvis,
      wrists: { left: [600, ROOT_Y - 300], right: [600, ROOT_Y - 300] }, proportions: P,
    });
    expect(choice.kind).toBe('skip');
  });
});
