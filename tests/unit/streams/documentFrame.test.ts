/** Frame pieces built every step (streams/frame/documentFrame): the markers copy and a rig's segments. */
import { describe, expect, it } from 'vitest';
import { defaultStandingPose } from '../../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { PART_NAMES, solvePose } from '../../../core/rig/skeleton';
import { toWorld } from '../../../core/rig/worldPose';
import { copyMarkers, rigView } from '../../../streams/frame/documentFrame';

describe('copyMarkers', () => {
  it('copies every marker into new arrays, in the same key order, so the live pose can change under the frame', () => {
    const live = defaultStandingPose(DEFAULT_PROPORTIONS);
    const copy = copyMarkers(live);
    expect(copy).toEqual(live);
    expect(Object.keys(copy)).toEqual(Object.keys(live));
    for (const k of Object.keys(live) as (keyof typeof live)[]) expect(copy[k]).not.toBe(live[k]);
    live.Torso[0] += 50;
    expect(copy.Torso[0]).toBe(live.Torso[0] - 50);
    expect(JSON.stringify(copyMarkers(live))).toBe(JSON.stringify(Object.fromEntries(Object.entries(live))));
  });
});

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
