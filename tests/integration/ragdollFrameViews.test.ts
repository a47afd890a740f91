/**
 * A ragdoll's view in the frames (StageRuntime.buildFrame): while its bodies sleep and its machines
 * do nothing, each frame has the last frame's view object (nothing about it changed); a wait
 * counting or a speech while it lies there still shows in a new view; and no frame is ever
 * changed afterwards by a later one that shares its pieces.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FrameSnapshot, RigView } from '../../streams/frame/frame';
import { packedGeometry } from '../../streams/frame/packedRigView';
import { ground, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';

beforeAll(async () => {
  await TestStage.init();
});

/** Down at once, then a long wait (the bodies fall asleep during it), a speech, and idle. */
function lyingStage() {
  const doc = scene([ground(1400), { kind: 'stickman', id: 'a', position: [800, 1400], facing: 'RIGHT', auto_recover: false }], {
    queues: {
      a: [
        { id: 'down', type: 'ragdoll' },
        { id: 'lie', type: 'wait', seconds: 6 },
        { id: 'ouch', type: 'speak', text: 'ouch', seconds: 1 },
      ],
    },
  });
  return TestStage.load(doc).play();
}

const asleep = (s: TestStage) => s.runtime.physics.ragdollBody('a', 'torso')?.isSleeping() ?? false;

describe('ragdoll rig views in frames', () => {
  it('a sleeping, idle ragdoll keeps its view; a wait, a speech and a recovery while it lies there each give new views that show them', () => {
    const s = lyingStage();
    const frames: FrameSnapshot[] = [];
    const json: string[] = [];
    const keep = () => {
      frames.push(s.frame());
      json.push(JSON.stringify(s.frame()));
    };
    s.stepUntil(() => asleep(s), 60 * 6, keep);
    expect(asleep(s)).toBe(true);
    expect(s.rigView('a')).toMatchObject({ state: 'RAGDOLL', queue: { current: 'lie', state: 'waiting' } });

    // Asleep but waiting: the bodies hold still, the queue's progress moves, so every view is new.
    const waiting: RigView[] = [];
    s.stepUntil(() => s.rigView('a').queue?.current !== 'lie', 60 * 6, () => {
      keep();
      if (s.rigView('a').queue?.current === 'lie') waiting.push(s.rigView('a'));
    });
    expect(waiting.length).toBeGreaterThan(10);
    for (let i = 1; i < waiting.length; i += 1) {
      expect(waiting[i]).not.toBe(waiting[i - 1]);
      expect(waiting[i].queue!.progress).toBeGreaterThan(waiting[i - 1].queue!.progress);
      // Nothing else moved: the same packed numbers (shared, not made again), so the same markers and pose ends.
      expect(packedGeometry(waiting[i])).not.toBeNull();
      expect(packedGeometry(waiting[i])).toBe(packedGeometry(waiting[i - 1]));
      expect(waiting[i].markers).toEqual(waiting[i - 1].markers);
      expect(waiting[i].parts).toEqual(waiting[i - 1].parts);
    }
    expect(asleep(s)).toBe(true);

    // The speech while it lies asleep is in the frames.
    s.stepUntil(() => s.rigView('a').queue?.current === 'ouch', 5, keep);
    expect(s.rigView('a')).toMatchObject({ state: 'RAGDOLL', speech: [{ text: 'ouch', overlay: false }], queue: { current: 'ouch', state: 'speaking' } });
    s.stepUntil(() => s.rigView('a').queue?.done === 3, 90, keep);
    expect(s.rigView('a')).toMatchObject({ speech: [], queue: { current: null, state: 'idle' } });
    expect(asleep(s)).toBe(true);

    // Idle and asleep: one view, frame after frame.
    s.step(1);
    keep();
    const idle = s.rigView('a');
    for (let i = 0; i < 30; i += 1) {
      s.step(1);
      keep();
      expect(s.rigView('a')).toBe(idle);
    }
    expect(s.frame().tick).toBe(frames[frames.length - 2].tick + 1);

    // Getting up is a change again.
    s.command({ type: 'rig.recover', id: 'a' }).step(1);
    keep();
    expect(s.rigView('a')).not.toBe(idle);
    expect(s.rigView('a').state).toBe('RECOVERING');
    expect(idle.state).toBe('RAGDOLL');

    // Shared views and pieces were never changed by a later frame.
    frames.forEach((f, i) => expect(JSON.stringify(f)).toBe(json[i]));
    s.dispose();
  });

  it('a sleeping ragdoll that is moved (a grab) gets a new view with the new pose', () => {
    const s = lyingStage();
    s.stepUntil(() => asleep(s), 60 * 6);
    s.stepUntil(() => s.rigView('a').queue?.done === 3, 60 * 8);
    s.step(2);
    const before = s.rigView('a');
    s.step(1);
    expect(s.rigView('a')).toBe(before);
    const torso = before.parts.find((p) => p.name === 'torso')!;
    s.command({ type: 'grab.start', id: 'a', point: [torso.start[0], torso.start[1]] }).step(1);
    s.command({ type: 'grab.move', point: [torso.start[0] + 40, torso.start[1] - 200] }).step(10);
    const moved = s.rigView('a');
    expect(moved).not.toBe(before);
    expect(moved.root[1]).toBeLessThan(before.root[1]);
    expect(moved.markers).not.toEqual(before.markers);
    expect(packedGeometry(moved)).not.toBe(packedGeometry(before));
    s.dispose();
  });
});
