/** Frame pieces (streams/frame/documentFrame, core/ragdoll/readBack): a rig's segments, a ragdoll's part ends. */
import { describe, expect, it } from 'vitest';
import { defaultStandingPose } from '../../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { PART_NAMES, solvePose } from '../../../core/rig/skeleton';
import { toWorld } from '../../../core/rig/worldPose';
import { PART_ENDS_LENGTH, endOf, endsFromBodies, poseFromBodies, poseFromEnds, startOf, writePartEnds } from '../../../core/ragdoll/readBack';
import { rigView } from '../../../streams/frame/documentFrame';

describe('rigView', () => {
  it('draws every part but the head as a segment, PART_NAMES order, sharing the solved pose\'s ends', () => {
    const markers = defaultStandingPose(DEFAULT_PROPORTIONS);
    const world = toWorld(solvePose(markers, DEFAULT_PROPORTIONS), [300, 1400], 'LEFT');
    const view = rigView('a', [300, 1400], 'LEFT', markers, '#123456', { state: 'RAGDOLL' }, world);
    expect(view.parts.map((p) => p.name)).toEqual(PART_NAMES.filter((n) => n !== 'head'));
    for (const p of view.parts) {
      expect(p.start).toBe(world[p.name].start);
      expect(p.end).toBe(world[p.name].end);
    }
    expect(view.headCenter).toBe(world.head.end);
    expect(view.state).toBe('RAGDOLL');
    expect(view.terrain).toBe('DISABLED');
  });
});

describe('endsFromBodies', () => {
  it('makes points of exactly the numbers writePartEnds writes, and the pose runs between them', () => {
    const bodies = new Float64Array(PART_NAMES.length * 3);
    PART_NAMES.forEach((_, i) => {
      bodies[i * 3] = 500 + 21.5 * i;
      bodies[i * 3 + 1] = 1300 - 13.75 * i;
      bodies[i * 3 + 2] = 2.9 - 0.57 * i;
    });
    const flat = new Array<number>(PART_ENDS_LENGTH).fill(NaN);
    writePartEnds(bodies, DEFAULT_PROPORTIONS, flat);
    const ends = endsFromBodies(bodies, DEFAULT_PROPORTIONS);
    expect(ends.flat()).toEqual(flat);
    const pose = poseFromEnds(ends, DEFAULT_PROPORTIONS);
    PART_NAMES.forEach((name, i) => {
      expect(pose[name].start).toBe(ends[startOf(i)]);
      expect(pose[name].end).toBe(ends[endOf(i)]);
    });
    // The head hangs from the neck to its body's centre; the torso from the neck down to the pelvis.
    expect(ends[endOf(0)]).toEqual([bodies[0], bodies[1]]);
    expect(ends[startOf(1)][1]).toBeCloseTo(bodies[4] + (Math.cos(bodies[5]) * DEFAULT_PROPORTIONS.torso) / 2, 9);
    expect(JSON.stringify(poseFromBodies(bodies, DEFAULT_PROPORTIONS))).toBe(JSON.stringify(pose));
  });
});
