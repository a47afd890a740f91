/**
 * Issue 19 / seed 11 §1.1 (kept in force by §1.2): the overhand path is continuous — from the
 * wind-up through the release into a follow-through that sweeps forward and down — and the arm
 * settles back to its pose afterwards without a jump.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Vec2 } from '../../core/rig/vec';
import { ground, prop, scene } from '../helpers/scenes';
import { TestStage } from '../helpers/testStage';
import { stickman } from './rigScenes';

beforeAll(() => TestStage.init());

describe('the throw\'s arm', () => {
  it('the wrist never jumps from the wind-up to well after the follow-through, and sweeps forward and down after the release', () => {
    const doc = scene([ground(), stickman('bo', [800, 1400]), prop('ball', 'ball', [950, 1300])], {
      queues: { bo: [{ id: 'pick', type: 'pick_up_prop', target_prop_id: 'ball', hand: 'auto' }, { id: 'wait', type: 'wait', seconds: 0.5 }, { id: 'th', type: 'throw_prop', target_position: [1700, 1400] }] },
    });
    const s = TestStage.load(doc).play();
    s.stepUntil(() => s.rig('bo').connection.interactor.state === 'THROWING', 600);
    const hand = s.rig('bo').hands.heldHand!;
    const part = hand === 'left' ? 'left_lower_arm' : 'right_lower_arm';
    const wrist = (): Vec2 => {
      const e = s.rig('bo').worldPose[part].end;
      return [e[0], e[1]];
    };
    const track: Array<{ tick: number; at: Vec2; state: string }> = [];
    let releasedAt = -1;
    for (let i = 0; i < 90; i += 1) {
      s.step(1);
      if (releasedAt < 0 && s.events('prop_thrown').length > 0) releasedAt = track.length;
      track.push({ tick: s.tick, at: wrist(), state: s.rig('bo').connection.interactor.state });
    }
    expect(releasedAt).toBeGreaterThan(0);
    let worst = { d: 0, tick: 0 };
    for (let i = 1; i < track.length; i += 1) {
      const d = Math.hypot(track[i].at[0] - track[i - 1].at[0], track[i].at[1] - track[i - 1].at[1]);
      if (d > worst.d) worst = { d, tick: track[i].tick };
    }
    expect(worst.d, `largest wrist step at tick ${worst.tick}`).toBeLessThan(60);
    // Forward (the throw faces the target, +x here) and down after the release.
    const release = track[releasedAt].at;
    const end = track.filter((t) => t.state === 'THROWING').at(-1)!.at;
    expect(end[1]).toBeGreaterThan(release[1] + 60);
    expect(end[0]).toBeGreaterThan(s.rig('bo').motion.root[0]);
    // It keeps moving through the follow-through instead of resting.
    const moving = track.slice(releasedAt + 1, releasedAt + 10).filter((t, i, a) => i > 0 && Math.hypot(t.at[0] - a[i - 1].at[0], t.at[1] - a[i - 1].at[1]) > 1);
    expect(moving.length).toBeGreaterThan(5);
    s.dispose();
  });
});

describe('a throw right after a floor pickup', () => {
  it('plays the path it was planned with: it rises out of the crouch without a pop, the ball clears the head by its own size and passes above the crown', () => {
    const doc = scene([ground(), stickman('bo', [800, 1400]), prop('ball', 'ball', [1000, 1370])], {
      queues: { bo: [{ id: 'pick', type: 'pick_up_prop', target_prop_id: 'ball', hand: 'auto' }, { id: 'th', type: 'throw_prop', target_position: [1800, 1400] }] },
    });
    const s = TestStage.load(doc).play();
    s.stepUntil(() => s.rig('bo').connection.interactor.state === 'THROWING', 600);
    expect(s.rig('bo').connection.interactor.state).toBe('THROWING');
    const BALL_RADIUS = 30;
    let lastPelvis: Vec2 | null = null;
    let pop = 0;
    let closest = Infinity;
    let highest = Infinity;
    let headTop = 0;
    while (s.rig('bo').connection.interactor.state === 'THROWING') {
      const before = s.events('prop_thrown').length;
      s.step(1);
      const w = s.rig('bo').worldPose;
      const pelvis: Vec2 = [w.torso.start[0], w.torso.start[1]];
      if (lastPelvis) pop = Math.max(pop, Math.hypot(pelvis[0] - lastPelvis[0], pelvis[1] - lastPelvis[1]));
      lastPelvis = pelvis;
      if (before === 0 && s.events('prop_thrown').length === 0) {
        const ball = s.runtime.propState('ball')!.position;
        const head = w.head.end;
        closest = Math.min(closest, Math.hypot(ball[0] - head[0], ball[1] - head[1]));
        if (ball[1] < highest) [highest, headTop] = [ball[1], head[1] - 62];
      }
    }
    expect(pop, 'largest pelvis step').toBeLessThan(20);
    expect(closest).toBeGreaterThanOrEqual(62 + BALL_RADIUS - 1);
    expect(highest).toBeLessThan(headTop);
    s.dispose();
  });
});
