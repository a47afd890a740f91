/** A standing PLAY rig's packed frame view (streams/frame/packedRigView): the same numbers the unpacked view had. */
import { describe, expect, it } from 'vitest';
import { MARKER_NAMES, defaultStandingPose } from '../../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { PART_NAMES, solvePose } from '../../../core/rig/skeleton';
import { toWorld } from '../../../core/rig/worldPose';
import { rigView, segments } from '../../../streams/frame/documentFrame';
import { PackedRigView, headInto, packRagdollEnds, segmentInto, segmentNames } from '../../../streams/frame/packedRigView';
import { PART_ENDS_LENGTH, endOf, endsFromBodies, poseFromEnds, startOf, writePartEnds } from '../../../core/ragdoll/readBack';
import { worldToMarker } from '../../../core/rig/facing';
import type { Vec2 } from '../../../streams/frame/frame';

const live = { state: 'ANIMATED', terrain: 'GROUNDED', heldProp: 'box', speech: [{ text: 'hi', overlay: false }], queue: { current: 'w', progress: 0.5, done: 1, state: 'walking' } };

function leaningPose() {
  const markers = defaultStandingPose(DEFAULT_PROPORTIONS);
  markers.Right_Hand = [markers.Right_Hand[0] + 37.3, markers.Right_Hand[1] - 91.7];
  return { markers, pose: solvePose(markers, DEFAULT_PROPORTIONS, { torsoLean: 0.31 }) };
}

describe('PackedRigView', () => {
  it('shows exactly the segments, head centre and markers of the unpacked live view, for either facing', () => {
    const { markers, pose } = leaningPose();
    for (const facing of ['LEFT', 'RIGHT'] as const) {
      const root: Vec2 = [1234.56, 1877.25];
      const world = toWorld(pose, root, facing);
      const view = PackedRigView.live('a', root, facing, '#123456', pose, markers, live, 2);
      expect(view.parts).toEqual(segments(world));
      expect(view.headCenter).toEqual(world.head.end);
      expect(view.markers).toEqual(markers);
      expect(Object.keys(view.markers)).toEqual([...MARKER_NAMES]);
      // Made once and kept: the frame is immutable.
      expect(view.parts).toBe(view.parts);
      expect(view.markers).toBe(view.markers);
    }
  });

  it('owns its numbers: bending the pose or moving the markers afterwards changes nothing in it', () => {
    const { markers, pose } = leaningPose();
    const view = PackedRigView.live('a', [500, 900], 'RIGHT', '#123456', pose, markers, live, 0);
    const before = JSON.stringify(view);
    pose.left_lower_arm.end[0] += 40;
    markers.Torso[0] += 50;
    expect(JSON.stringify(view)).toBe(before);
  });

  it('serializes as the plain view it stands for: the same keys in the same order, the same JSON (markers in MARKER_NAMES order)', () => {
    const { markers, pose } = leaningPose();
    const root: Vec2 = [300, 1400];
    const world = toWorld(pose, root, 'RIGHT');
    const packed = PackedRigView.live('a', root, 'RIGHT', '#123456', pose, markers, live, 0);
    const inOrder = Object.fromEntries(MARKER_NAMES.map((n) => [n, markers[n]])) as typeof markers;
    const plain = rigView('a', root, 'RIGHT', inOrder, '#123456', { ...live }, world);
    expect(Object.keys(packed.toPlain())).toEqual(Object.keys(plain));
    expect(JSON.stringify(packed)).toBe(JSON.stringify(plain));
    expect(packed.speech).toBe(live.speech);
    expect(packed.queue).toBe(live.queue);
  });

  it('gives the renderer the same segment ends, names and head centre as a plain view, without making its parts', () => {
    const { markers, pose } = leaningPose();
    const root: Vec2 = [700, 1500];
    const packed = PackedRigView.live('a', root, 'LEFT', '#123456', pose, markers, live, 0);
    const plain = rigView('a', root, 'LEFT', markers, '#123456', {}, toWorld(pose, root, 'LEFT'));
    const a = [0, 0, 0, 0];
    const b = [0, 0, 0, 0];
    expect(segmentNames(packed).map((p) => p.name)).toEqual(segmentNames(plain).map((p) => p.name));
    for (let i = 0; i < plain.parts.length; i += 1) {
      segmentInto(packed, i, a);
      segmentInto(plain, i, b);
      expect(a).toEqual(b);
    }
    headInto(packed, a);
    headInto(plain, b);
    expect(a.slice(0, 2)).toEqual(b.slice(0, 2));
    // Read for drawing only: the parts were never made.
    expect((packed as unknown as { madeParts: unknown }).madeParts).toBeNull();
  });

  it('packs a ragdoll from its bodies with exactly the numbers its pose and markers have, for either facing', () => {
    const bodies = new Float64Array(PART_NAMES.length * 3);
    PART_NAMES.forEach((_, i) => {
      bodies[i * 3] = 812.25 + 19.5 * i;
      bodies[i * 3 + 1] = 1410 - 11.125 * i;
      bodies[i * 3 + 2] = -1.3 + 0.61 * i;
    });
    const flat = new Array<number>(PART_ENDS_LENGTH).fill(0);
    writePartEnds(bodies, DEFAULT_PROPORTIONS, flat);
    const ends = endsFromBodies(bodies, DEFAULT_PROPORTIONS);
    const pose = poseFromEnds(ends, DEFAULT_PROPORTIONS);
    const at = (part: string) => PART_NAMES.indexOf(part as (typeof PART_NAMES)[number]);
    for (const facing of ['LEFT', 'RIGHT'] as const) {
      const root: Vec2 = [830.5, 1455.75];
      const view = PackedRigView.ragdoll('r', root, facing, '#654321', packRagdollEnds(flat, root, facing), { ...live, state: 'RAGDOLL', heldProp: null });
      expect(view.parts).toEqual(segments(pose));
      expect(view.headCenter).toEqual(pose.head.end);
      // A lying ragdoll's markers: the torso's start, the forearms' and shins' far ends, made rig-local.
      expect(view.markers).toEqual({
        Left_Hand: worldToMarker(ends[endOf(at('left_lower_arm'))], root, facing),
        Right_Hand: worldToMarker(ends[endOf(at('right_lower_arm'))], root, facing),
        Left_Leg: worldToMarker(ends[endOf(at('left_lower_leg'))], root, facing),
        Right_Leg: worldToMarker(ends[endOf(at('right_lower_leg'))], root, facing),
        Torso: worldToMarker(ends[startOf(at('torso'))], root, facing),
      });
      expect(view.heldZOffset).toBe(0);
      expect(view.state).toBe('RAGDOLL');
      // It owns its numbers: the scratch the ends were written into is reused for the next ragdoll.
      const before = JSON.stringify(view);
      flat.fill(0);
      expect(JSON.stringify(view)).toBe(before);
      writePartEnds(bodies, DEFAULT_PROPORTIONS, flat);
    }
  });
});
