/** Frame pieces built every step (streams/frame/documentFrame): the markers copy, a rig's segments and its live view. */
import { describe, expect, it } from 'vitest';
import { defaultStandingPose } from '../../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { PART_NAMES, solvePose } from '../../../core/rig/skeleton';
import { toWorld } from '../../../core/rig/worldPose';
import { endsFromBodies, poseFromBodies, poseFromEnds } from '../../../core/ragdoll/readBack';
import { copyMarkers, liveRigView, localSegments, ragdollHeadCenter, ragdollSegments, rigView, segments } from '../../../streams/frame/documentFrame';

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

describe('localSegments', () => {
  it('places exactly the ends segments(toWorld(…)) draws, and the head centre, for either facing and a leaning pose', () => {
    const markers = defaultStandingPose(DEFAULT_PROPORTIONS);
    markers.Right_Hand = [markers.Right_Hand[0] + 37.3, markers.Right_Hand[1] - 91.7];
    const pose = solvePose(markers, DEFAULT_PROPORTIONS, { torsoLean: 0.31 });
    for (const facing of ['LEFT', 'RIGHT'] as const) {
      const root: [number, number] = [1234.56, 1877.25];
      const world = toWorld(pose, root, facing);
      const drawn = localSegments(pose, root, facing);
      expect(drawn.parts).toEqual(segments(world));
      expect(drawn.headCenter).toEqual(world.head.end);
      // Fresh arrays: the frame owns them, the pose can be bent in place afterwards.
      for (const p of drawn.parts) expect(p.start).not.toBe(pose[p.name].start);
      // One array a joint: a child part starts on its parent's end point.
      const [torso, lua, lla, rua, rla, lul, lll, rul, rll] = drawn.parts;
      for (const upper of [lua, rua]) expect(upper.start).toBe(torso.end);
      for (const upper of [lul, rul]) expect(upper.start).toBe(torso.start);
      for (const [upper, lower] of [[lua, lla], [rua, rla], [lul, lll], [rul, rll]]) expect(lower.start).toBe(upper.end);
    }
  });

  it('keeps a joint that came apart apart: a child that does not start on its parent\'s end gets its own point', () => {
    const pose = solvePose(defaultStandingPose(DEFAULT_PROPORTIONS), DEFAULT_PROPORTIONS);
    pose.left_lower_arm = { ...pose.left_lower_arm, start: [pose.left_lower_arm.start[0] + 3, pose.left_lower_arm.start[1]] };
    for (const facing of ['LEFT', 'RIGHT'] as const) {
      const drawn = localSegments(pose, [500, 900], facing);
      expect(drawn.parts).toEqual(segments(toWorld(pose, [500, 900], facing)));
      expect(drawn.parts[2].start).not.toBe(drawn.parts[1].end);
    }
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
