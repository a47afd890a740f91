/** Frame pieces (streams/frame/documentFrame): a rig's segments, its live view, a ragdoll's segments. */
import { describe, expect, it } from 'vitest';
import { defaultStandingPose } from '../../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { PART_NAMES, solvePose } from '../../../core/rig/skeleton';
import { toWorld } from '../../../core/rig/worldPose';
import { endsFromBodies, poseFromBodies, poseFromEnds } from '../../../core/ragdoll/readBack';
import { liveRigView, ragdollHeadCenter, ragdollSegments, rigView, segments } from '../../../streams/frame/documentFrame';

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

describe('liveRigView', () => {
  it('is rigView with the live fields over its defaults: the same keys in the same order, the same values, the pose\'s ends shared', () => {
    const markers = defaultStandingPose(DEFAULT_PROPORTIONS);
    const world = toWorld(solvePose(markers, DEFAULT_PROPORTIONS), [300, 1400], 'RIGHT');
    const live = {
      state: 'RAGDOLL', terrain: 'DISABLED', heldProp: 'box',
      speech: [{ text: 'ouch', overlay: false }], queue: { current: 'w', progress: 0.5, done: 1, state: 'waiting' },
    };
    const view = liveRigView('a', [300, 1400], 'RIGHT', markers, '#123456', live, segments(world), world.head.end);
    const spread = rigView('a', [300, 1400], 'RIGHT', markers, '#123456', { ...live }, world);
    expect(Object.keys(view)).toEqual(Object.keys(spread));
    expect(JSON.stringify(view)).toBe(JSON.stringify(spread));
    expect(view.speech).toBe(live.speech);
    expect(view.queue).toBe(live.queue);
    expect(view.markers).toBe(markers);
    for (const p of view.parts) {
      expect(p.start).toBe(world[p.name].start);
      expect(p.end).toBe(world[p.name].end);
    }
    expect(view.parts.map((p) => p.name)).toEqual(PART_NAMES.filter((n) => n !== 'head'));
  });
});

describe('ragdollSegments', () => {
  it('draws a ragdoll from its ends exactly as `segments` draws its pose: the same parts, the same arrays', () => {
    const bodies = new Float64Array(PART_NAMES.length * 3);
    PART_NAMES.forEach((_, i) => {
      bodies[i * 3] = 500 + 21.5 * i;
      bodies[i * 3 + 1] = 1300 - 13.75 * i;
      bodies[i * 3 + 2] = 2.9 - 0.57 * i;
    });
    const ends = endsFromBodies(bodies, DEFAULT_PROPORTIONS);
    const pose = poseFromEnds(ends, DEFAULT_PROPORTIONS);
    const fromEnds = ragdollSegments(ends);
    const fromPose = segments(pose);
    expect(fromEnds).toEqual(fromPose);
    fromEnds.forEach((p, i) => {
      expect(p.start).toBe(fromPose[i].start);
      expect(p.end).toBe(fromPose[i].end);
    });
    expect(ragdollHeadCenter(ends)).toBe(pose.head.end);
    expect(JSON.stringify(poseFromBodies(bodies, DEFAULT_PROPORTIONS))).toBe(JSON.stringify(pose));
  });
});
