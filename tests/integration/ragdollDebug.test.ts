/**
 * The debug overlay's issue-8 data in frames (only while debug is on): a ragdoll's ten bodies
 * with the proxies' shapes, its nine joints, the rest timer; the stand-up variant; and the hit
 * reactions bending an animated stickman.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLISION_PARTS } from '../../core/rig/proxies';
import { RAGDOLL_JOINTS, RAGDOLL_REST_SECONDS } from '../../core/ragdoll/constants';
import { PART_NAMES } from '../../core/rig/skeleton';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';

beforeAll(async () => {
  await TestStage.init();
});

const standing = () => scene([ground(1400), { kind: 'stickman', id: 'a', position: [800, 1400], facing: 'RIGHT' }, { kind: 'stickman', id: 'b', position: [2000, 1400] }]);
const debugged = (s: TestStage) => {
  s.controller.setDebug(true);
  return s;
};
const debugOf = (s: TestStage) => {
  const d = s.frame().debug;
  if (!d) throw new Error('no debug block in the frame');
  return d;
};

describe('ragdolls in the debug block', () => {
  it('a ragdoll has its ten bodies (the proxies\' shapes, where the ragdoll is), its nine joints and a rest timer; its proxies are not drawn', () => {
    const s = debugged(TestStage.load(standing()).play().step(30));
    expect(debugOf(s).ragdolls).toEqual([]);
    expect(debugOf(s).proxies).toHaveLength(20);
    s.command({ type: 'rig.ragdoll', id: 'a' }).step(20);
    const d = debugOf(s);
    expect(d.ragdolls.map((r) => r.id)).toEqual(['a']);
    expect(d.proxies).toHaveLength(10); // b's only
    const r = d.ragdolls[0];
    const pose = s.rig('a').body.ragdollPose!;
    expect(r.bodies.map((b) => b.kind)).toEqual(PART_NAMES.map((p) => COLLISION_PARTS[p].shape));
    expect(r.bodies.map((b) => b.radius)).toEqual(PART_NAMES.map((p) => COLLISION_PARTS[p].radius));
    // Each capsule spans its part of the ragdoll pose: its centre half the fitted length along it.
    PART_NAMES.forEach((part, i) => {
      const b = r.bodies[i];
      const at = part === 'head' ? pose.head.end : pose[part].center;
      expect(Math.hypot(b.center[0] - at[0], b.center[1] - at[1]), part).toBeLessThan(2);
    });
    // Joints: the neck and shoulders at the torso's end, the hips at its start, elbows and knees between.
    expect(r.joints).toHaveLength(RAGDOLL_JOINTS.length);
    const named = Object.fromEntries(RAGDOLL_JOINTS.map((j, i) => [j.name, r.joints[i]]));
    expect(named.neck).toEqual(pose.torso.end);
    expect(named.left_hip).toEqual(pose.torso.start);
    expect(named.right_knee).toEqual(pose.right_upper_leg.end);
    expect(named.left_elbow).toEqual(pose.left_upper_arm.end);
    // The label sits above the whole body and says how long it has been still.
    const top = Math.min(...PART_NAMES.flatMap((p) => [pose[p].start[1], pose[p].end[1]]));
    expect(r.label.position[1]).toBeLessThan(top - 90);
    expect(r.label.text).toBe(`a: rest ${r.restSeconds.toFixed(2)} / ${RAGDOLL_REST_SECONDS.toFixed(2)} s`);
    expect(r.restSeconds).toBe(s.rig('a').body.restSeconds);
    s.dispose();
  });

  it('the rest timer counts up as the ragdoll lies still, then the stand-up shows its variant on the label', () => {
    const s = debugged(TestStage.load(standing()).play().step(30));
    s.command({ type: 'rig.ragdoll', id: 'a' }).step(1);
    const timers: number[] = [];
    s.stepUntil(() => s.rigView('a').state !== 'RAGDOLL', 600, () => {
      const r = debugOf(s).ragdolls[0];
      if (r) timers.push(r.restSeconds);
    });
    // It rested: the timer climbed to the threshold in steps of one frame.
    expect(Math.max(...timers)).toBeGreaterThanOrEqual(RAGDOLL_REST_SECONDS - 1 / 60 - 1e-9);
    expect(timers.at(-1)! - timers.at(-2)!).toBeCloseTo(1 / 60, 9);
    expect(s.rigView('a').state).toBe('RECOVERING');
    const d = debugOf(s);
    expect(d.ragdolls).toEqual([]);
    expect(d.labels.find((l) => l.text.startsWith('a:'))?.text).toMatch(/^a: \w+ · stand-up face_(up|down)$/);
    s.stepUntil(() => s.rigView('a').state === 'ANIMATED', 200).step(1);
    expect(debugOf(s).labels.find((l) => l.text.startsWith('a:'))?.text).not.toContain('stand-up');
    s.dispose();
  });

  it('a held ragdoll says so instead of counting', () => {
    const s = debugged(TestStage.load(standing()).play().step(30));
    const head = s.rigView('a').headCenter;
    s.command({ type: 'grab.start', id: 'a', point: [head[0], head[1]] }).step(5);
    expect(debugOf(s).ragdolls[0].label.text).toBe('a: held');
    s.dispose();
  });
});

describe('hit reactions in the debug block', () => {
  it('a flinching stickman gets one line of joint angles (the applied rotation, rad) under its label, gone when they decay', () => {
    const doc = scene([ground(1400), { kind: 'stickman', id: 'a', position: [1000, 1400], facing: 'RIGHT' }, prop('box', 'box', [1030, 500])]);
    const s = debugged(TestStage.load(doc).play());
    expect(debugOf(s).reactions).toEqual([]);
    s.stepUntil(() => s.rig('a').reactions.size > 0, 120);
    const line = debugOf(s).reactions;
    expect(line).toHaveLength(1);
    expect(line[0].id).toBe('a');
    const live = [...s.rig('a').reactions].map(([joint, r]) => `${joint} ${(Math.round(r.angle * r.strength * 100) / 100).toFixed(2)}`).join(' · ');
    expect(line[0].text).toBe(live);
    expect(line[0].text).toMatch(/Head -?\d+\.\d\d/);
    // Drawn under the rig's TerrainMotion label: same anchor.
    const label = debugOf(s).labels.find((l) => l.text.startsWith('a:'))!;
    expect(line[0].position).toEqual(label.position);
    s.stepUntil(() => s.rig('a').reactions.size === 0, 120).step(1);
    expect(debugOf(s).reactions).toEqual([]);
    s.dispose();
  });

  it('nothing of it is in frames while debug is off', () => {
    const s = TestStage.load(standing()).play().step(5);
    s.command({ type: 'rig.ragdoll', id: 'a' }).step(5);
    expect(s.frame().debug).toBeUndefined();
    s.dispose();
  });
});
