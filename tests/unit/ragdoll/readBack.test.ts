/** Ragdoll bodies back to a pose (core/ragdoll/readBack) and the rest tracker (core/ragdoll/rest). */
import { describe, expect, it } from 'vitest';
import { RAGDOLL_MAX_SECONDS, RAGDOLL_REST_SECONDS, RestTracker, poseFromBodies } from '../../../core/ragdoll';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { PART_NAMES } from '../../../core/rig/skeleton';

const DT = 1 / 60;

function bodies(): Float64Array {
  const b = new Float64Array(PART_NAMES.length * 3);
  PART_NAMES.forEach((_, i) => {
    b[i * 3] = 400 + 37.5 * i;
    b[i * 3 + 1] = 1200 - 11.25 * i;
    b[i * 3 + 2] = -2.8 + 0.61 * i;
  });
  return b;
}

describe('poseFromBodies', () => {
  it('places each part along its body\'s hanging axis, its length from the proportions', () => {
    const b = bodies();
    const pose = poseFromBodies(b, DEFAULT_PROPORTIONS);
    PART_NAMES.forEach((name, i) => {
      const p = pose[name];
      const [cx, cy, a] = [b[i * 3], b[i * 3 + 1], b[i * 3 + 2]];
      expect(p.name).toBe(name);
      expect(Math.hypot(p.end[0] - p.start[0], p.end[1] - p.start[1])).toBeCloseTo(p.length, 9);
      // The head hangs from its centre (the body) to the neck; every other part is centred on its body.
      const onBody = name === 'head' ? p.end : [(p.start[0] + p.end[0]) / 2, (p.start[1] + p.end[1]) / 2];
      expect(onBody[0]).toBeCloseTo(cx, 9);
      expect(onBody[1]).toBeCloseTo(cy, 9);
      // The hanging axis (−sin a, cos a) runs from start to end, except the torso and head (end to start).
      const towardsEnd = name === 'head' || name === 'torso' ? -1 : 1;
      expect(((p.end[0] - p.start[0]) / p.length) * towardsEnd).toBeCloseTo(-Math.sin(a), 9);
      expect(((p.end[1] - p.start[1]) / p.length) * towardsEnd).toBeCloseTo(Math.cos(a), 9);
    });
    expect(pose.torso.length).toBe(DEFAULT_PROPORTIONS.torso);
    expect(pose.left_lower_leg.length).toBe(DEFAULT_PROPORTIONS.lowerLeg);
    expect(pose.head.length).toBe(DEFAULT_PROPORTIONS.neckToHead);
  });

  it('centre and angle are exactly the midpoint and the atan2 of end − start, the same each time they are read', () => {
    const pose = poseFromBodies(bodies(), DEFAULT_PROPORTIONS);
    for (const name of PART_NAMES) {
      const p = pose[name];
      expect(p.center).toEqual([(p.start[0] + p.end[0]) / 2, (p.start[1] + p.end[1]) / 2]);
      expect(p.center).toBe(p.center);
      expect(p.angle).toBe(Math.atan2(p.end[1] - p.start[1], p.end[0] - p.start[0]));
    }
  });
});

describe('RestTracker', () => {
  const stepsFor = (seconds: number) => Math.ceil(seconds / DT - 1e-6);

  it('reports rest once, on the step every part has been still for RAGDOLL_REST_SECONDS', () => {
    const rest = new RestTracker();
    const n = stepsFor(RAGDOLL_REST_SECONDS);
    const reports = Array.from({ length: n + 30 }, () => rest.step(true, DT));
    expect(reports.indexOf(true)).toBe(n - 1);
    expect(reports.filter(Boolean)).toHaveLength(1);
    expect(rest.still).toBeCloseTo((n + 30) * DT, 9);
  });

  it('a moving step starts the still time over', () => {
    const rest = new RestTracker();
    for (let i = 0; i < stepsFor(RAGDOLL_REST_SECONDS) - 2; i += 1) expect(rest.step(true, DT)).toBe(false);
    expect(rest.step(false, DT)).toBe(false);
    expect(rest.still).toBe(0);
    expect(rest.step(true, DT)).toBe(false);
    expect(rest.still).toBeCloseTo(DT, 12);
  });

  it('gives up settling after RAGDOLL_MAX_SECONDS, and a reset (held) starts everything over', () => {
    const rest = new RestTracker();
    const n = stepsFor(RAGDOLL_MAX_SECONDS);
    const reports = Array.from({ length: n }, () => rest.step(false, DT));
    expect(reports.indexOf(true)).toBe(n - 1);
    rest.reset();
    expect([rest.still, rest.age]).toEqual([0, 0]);
    const again = Array.from({ length: stepsFor(RAGDOLL_REST_SECONDS) }, () => rest.step(true, DT));
    expect(again.at(-1)).toBe(true);
  });
});
