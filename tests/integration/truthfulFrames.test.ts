/**
 * Issue 19 (truthful frames, DESIGN.md §9): a frame's `held_prop` is null from the frame of the
 * release on, and its hand markers are where the hands are — while reaching, holding and
 * throwing — not the idle pose the locomotion left them in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RigView } from '../../streams/frame/frame';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { stickman } from './rigScenes';

beforeAll(() => TestStage.init());

const doc = scene([ground(), stickman('bo', [800, 1400]), prop('ball', 'ball', [950, 1300])], {
  queues: { bo: [{ id: 'pick', type: 'pick_up_prop', target_prop_id: 'ball', hand: 'auto' }, { id: 'th', type: 'throw_prop', target_position: [1700, 1400] }] },
});

/** A rig-local marker in stage px (mirrored by facing). */
const world = (v: RigView, m: [number, number]): [number, number] => [v.root[0] + (v.facing === 'LEFT' ? -m[0] : m[0]), v.root[1] + m[1]];

describe('frames say what the hands do', () => {
  it('hand markers sit on the drawn wrists every step; held_prop is null from the release frame on', () => {
    const s = TestStage.load(doc).play();
    let worst = 0;
    let worstTick = 0;
    const states = new Set<string>();
    let thrownAt: number | null = null;
    const heldAfterRelease: number[] = [];
    for (let i = 0; i < 400; i += 1) {
      s.step(1);
      const v = s.rigView('bo');
      states.add(s.rig('bo').connection.interactor.state);
      for (const [marker, part] of [['Left_Hand', 'left_lower_arm'], ['Right_Hand', 'right_lower_arm']] as const) {
        const wrist = v.parts.find((p) => p.name === part)!.end;
        const m = world(v, v.markers[marker]);
        const d = Math.hypot(m[0] - wrist[0], m[1] - wrist[1]);
        if (d > worst) [worst, worstTick] = [d, s.tick];
      }
      if (thrownAt === null && s.events('prop_thrown').length > 0) thrownAt = s.tick;
      if (thrownAt !== null && v.heldProp !== null) heldAfterRelease.push(s.tick);
    }
    expect([...states]).toEqual(expect.arrayContaining(['REACHING', 'HELD', 'THROWING']));
    expect(thrownAt).not.toBeNull();
    expect(heldAfterRelease).toEqual([]);
    expect(worst, `worst marker-to-wrist gap at tick ${worstTick}`).toBeLessThan(1);
    s.dispose();
  });
});
